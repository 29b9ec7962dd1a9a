/**
 * `@edgemcp/redis/testing`: a real `redis-server` for tests and local fleets, on a free port with its own
 * data directory, stopped by its PID. Needs the `redis-server` binary (Debian/Ubuntu: `apt-get install
 * redis-server`; macOS: `brew install redis`).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export interface RedisServerOptions {
  /** Port; 0 (default): a free one. */
  port?: number
  /** Data directory (the append-only file lives there). Default: a new temp directory, removed on `stop()`. */
  dir?: string
  /** The binary. Default `redis-server` on the PATH. */
  command?: string
  /** Waits this long for the server to answer PING. Default 10 000 ms. */
  readyTimeoutMs?: number
}

export interface RunningRedis {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string
  readonly port: number
  readonly dir: string
  /** The PID of the running server (changes on `restart`). */
  readonly pid: number
  /** Stops the server gracefully (SIGTERM: it writes its data first), then starts it again on the same port. */
  restart(options?: { downMs?: number }): Promise<void>
  /** Stops the server gracefully and leaves it down (`up()` starts it again, same port and data). */
  down(): Promise<void>
  /** Starts a server stopped by `down()` again. */
  up(): Promise<void>
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered, until `resume()`. */
  pause(): void
  /** Lets a paused server go on (SIGCONT). */
  resume(): void
  /** Kills the server (SIGKILL, nothing written) and starts it again on the same port. */
  crash(options?: { downMs?: number }): Promise<void>
  /** Stops the server (and removes the temp directory it made). */
  stop(): Promise<void>
}

/** Listens on 127.0.0.1:`port` for a moment; whether it could. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer()
    s.once('error', () => resolve(false))
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)))
  })
}

/**
 * A free TCP port on 127.0.0.1, picked at random in 10000–32767: below the range from which the system hands
 * out `listen(0)` ports and the local ports of outgoing connections (Linux: 32768–60999, others higher). A
 * port handed out by `listen(0)` can be taken again by any connection before redis-server binds it, or while
 * it is down in `restart()` or `crash()`; below that range only another listener can take it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * 22_768)
    if (await canListen(port)) return port
  }
  throw new Error('no free port on 127.0.0.1 in 10000–32767')
}

/** Whether a Redis answers PING on the port. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')))
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * Starts `redis-server` (append-only persistence, fsync every second, loopback only) and resolves once it
 * answers PING.
 *
 * @example
 * const redis = await startRedisServer()
 * const fleet = await createRedisFleet(server, { url: redis.url })
 * // …
 * await redis.stop()
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RunningRedis> {
  const ownDir = options.dir === undefined
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'edgemcp-redis-'))
  const command = options.command ?? 'redis-server'
  const readyTimeoutMs = options.readyTimeoutMs ?? 10_000
  let port = options.port || (await freePort())
  let child: ChildProcess

  const launch = async (): Promise<void> => {
    let output = ''
    child = spawn(
      command,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--protected-mode',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    child.stdout?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-4000)
    })
    child.stderr?.on('data', (d: Buffer) => {
      output = (output + d.toString()).slice(-4000)
    })
    const failed = new Promise<never>((_, reject) => {
      child.once('error', (e) => reject(new Error(`could not start ${command}: ${e.message}`)))
      child.once('exit', (code) => reject(new Error(`${command} exited (${code}): ${output}`)))
    })
    failed.catch(() => {})
    const deadline = Date.now() + readyTimeoutMs
    for (;;) {
      if (await Promise.race([ping(port), failed])) return
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(
          `${command} did not answer PING on port ${port} within ${readyTimeoutMs} ms: ${output}`,
        )
      }
      await sleep(50)
    }
  }

  const halt = async (signal: NodeJS.Signals) => {
    child.kill(signal)
    await exited(child)
  }

  // A port picked here can still be taken by another listener before redis-server binds it: then try a
  // fresh one (a port the caller gave is not swapped).
  for (let attempt = 1; ; attempt++) {
    try {
      await launch()
      break
    } catch (error) {
      const lost = String(error).includes('Address already in use')
      if (options.port || !lost || attempt === 3) throw error
      port = await freePort()
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    dir,
    get pid() {
      return child.pid ?? -1
    },
    async restart({ downMs = 0 } = {}) {
      await halt('SIGTERM')
      await sleep(downMs)
      await launch()
    },
    down: () => halt('SIGTERM'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    up: launch,
    async crash({ downMs = 0 } = {}) {
      await halt('SIGKILL')
      await sleep(downMs)
      await launch()
    },
    async stop() {
      await halt('SIGTERM')
      if (ownDir) fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
