// Start a server command under test, wait until it answers HTTP, and stop it again by its own PID.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** Ask the OS for a free TCP port on `host` (bind to port 0, read it back, release it). */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, host, () => {
      const addr = srv.address()
      const port = typeof addr === 'object' && addr ? addr.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Spawn `command` through `sh -c "exec …"` so the shell is replaced by the command and the PID we hold
 * is the server's own. The child leads its own process group, so a wrapper such as `npx tsx` that
 * forks grandchildren is still stopped completely by signalling the group of that PID.
 */
export function startServer(command, { env = {}, cwd = process.cwd(), onOutput } = {}) {
  const child = spawn('sh', ['-c', `exec ${command}`], {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = []
  const collect = (chunk) => {
    const text = chunk.toString()
    output.push(text)
    if (output.length > 200) output.shift()
    onOutput?.(text)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  return { child, pid: child.pid, exited, output: () => output.join('') }
}

/** Poll `url` until any HTTP response arrives (even 4xx/405): the server is then listening. */
export async function waitForHttp(url, { timeoutMs = 20000, intervalMs = 150, exited } = {}) {
  const deadline = Date.now() + timeoutMs
  let exitInfo
  exited?.then((info) => {
    exitInfo = info
  })
  let lastError
  while (Date.now() < deadline) {
    if (exitInfo) {
      throw new Error(`server exited before it was ready (code ${exitInfo.code}, signal ${exitInfo.signal})`)
    }
    try {
      const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(1000) })
      await res.body?.cancel()
      return res.status
    } catch (error) {
      lastError = error
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(
    `server did not answer ${url} within ${timeoutMs}ms (${lastError?.message ?? 'no response'})`,
  )
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    try {
      process.kill(pid, signal)
      return true
    } catch {
      return false
    }
  }
}

/** SIGTERM the server's process group (by the leader's PID), escalating to SIGKILL after `graceMs`. */
export async function stopServer(handle, { graceMs = 3000 } = {}) {
  if (!handle?.pid || handle.child.exitCode !== null || handle.child.signalCode !== null) return
  signalGroup(handle.pid, 'SIGTERM')
  const timer = new Promise((resolve) => setTimeout(() => resolve('timeout'), graceMs))
  if ((await Promise.race([handle.exited, timer])) === 'timeout') {
    signalGroup(handle.pid, 'SIGKILL')
    await handle.exited
  }
  // The leader is gone; anything it forked into its group that outlived it is ended too.
  if (groupAlive(handle.pid)) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    if (groupAlive(handle.pid)) signalGroup(handle.pid, 'SIGKILL')
  }
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0)
    return true
  } catch {
    return false
  }
}
