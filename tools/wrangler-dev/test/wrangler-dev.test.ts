import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eventually } from '@edgemcp/test-helpers'
import { createServer, type Server } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { freePort, portFree, waitPortFree } from '../src/ports.js'
import { groupAlive, groupProcesses } from '../src/process-group.js'
import { bundleWorker, wranglerBin, wranglerEnv } from '../src/wrangler-bin.js'
import { unlessRestarted } from '../src/restarts.js'
import { startWranglerDev, type WranglerDev } from '../src/wrangler-dev.js'

// The ports freePort hands out next, before it picks its own: to make a picked port be taken.
const { forced } = vi.hoisted(() => ({ forced: [] as number[] }))
vi.mock('../src/ports.js', async (importActual) => {
  const actual = await importActual<typeof import('../src/ports.js')>()
  const freePort = (...taken: number[]) => {
    const next = forced.shift()
    return next === undefined ? actual.freePort(...taken) : Promise.resolve(next)
  }
  return { ...actual, freePort }
})

/** Listens on 127.0.0.1:`port` until closed. */
const occupy = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer().once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const hello = fixture('hello')
const tmp = mkdtempSync(join(tmpdir(), 'edgemcp-wrangler-dev-test-'))
const started: WranglerDev[] = []
afterAll(async () => {
  await Promise.allSettled(started.map((d) => d.stop()))
  rmSync(tmp, { recursive: true, force: true })
})

/** Stops `dev` and checks that nothing of it is left: processes, ports. */
async function stopsCompletely(dev: WranglerDev): Promise<void> {
  const pids = dev.processes().map((p) => p.pid)
  expect(pids.length).toBeGreaterThanOrEqual(3)
  await dev.stop()
  expect(pids.filter((pid) => existsSync(`/proc/${pid}`))).toEqual([]) // gone, not even zombies
  expect(groupAlive(dev.pgid)).toBe(false)
  expect(dev.processes()).toEqual([])
  expect(await portFree(dev.port)).toBe(true)
  expect(await portFree(dev.inspectorPort)).toBe(true)
  await dev.stop() // a second stop is harmless
}

describe('startWranglerDev', () => {
  it('starts a Worker on a free port with its vars, serves it, and stops every process it started', async () => {
    const dev = await startWranglerDev({ cwd: hello, vars: { GREETING: 'hello from a var' } })
    started.push(dev)
    expect(dev.url).toBe(`http://127.0.0.1:${dev.port}`)
    expect(dev.origin).toBe(dev.url)
    const res = await fetch(`${dev.url}/`)
    expect(await res.json()).toEqual({ greeting: 'hello from a var' })

    // The supervisor leads the group; wrangler's node processes (bin/wrangler.js starts its cli.js) and workerd
    // are in it, and no shell or npx.
    const names = dev.processes().map((p) => p.name)
    expect(names).toContain('workerd')
    expect(names.filter((n) => n === 'node').length).toBeGreaterThanOrEqual(3)
    expect(names.filter((n) => !['node', 'workerd', 'esbuild'].includes(n))).toEqual([])
    expect(await portFree(dev.port)).toBe(false)
    expect(existsSync(dev.persistTo)).toBe(true)

    await stopsCompletely(dev)
    expect(existsSync(dev.persistTo)).toBe(false) // its own temporary state directory
  })

  it('runs a bundle from bundleWorker with --no-bundle on a given port, path and probe; keeps a given persistTo', async () => {
    const script = await bundleWorker({ cwd: hello, outDir: join(tmp, 'bundle') })
    expect(existsSync(script)).toBe(true)
    const port = await freePort()
    const persistTo = join(tmp, 'state')
    const probed: string[] = []
    const dev = await startWranglerDev({
      cwd: hello,
      config: join(hello, 'wrangler.jsonc'),
      script,
      bundle: false,
      port,
      persistTo,
      path: '/',
      probe: (url, signal) => {
        probed.push(url)
        return fetch(url, { method: 'POST', signal })
      },
      supervise: false,
    })
    started.push(dev)
    expect(dev.url).toBe(`http://127.0.0.1:${port}/`)
    expect(probed.at(-1)).toBe(dev.url)
    expect(await (await fetch(dev.url)).json()).toEqual({ greeting: null })
    expect(dev.processes().map((p) => p.pid)).toContain(dev.pgid) // wrangler itself leads the group
    await stopsCompletely(dev)
    expect(existsSync(persistTo)).toBe(true)
  })

  it('gives up after the timeout with the last status and the output, leaving nothing running', async () => {
    const port = await freePort()
    // The verdict must not depend on how fast this machine starts wrangler: the probe itself waits until
    // wrangler answers at all (connection refused until then), however long that takes, so the last status is
    // always wrangler's 404 for the missing path, and the 1 s timeout has always passed by the time it returns.
    let answered = 0
    const error = await startWranglerDev({
      cwd: hello,
      port,
      path: '/missing',
      timeoutMs: 1_000,
      logLevel: 'info',
      probe: async (url) => {
        for (;;) {
          try {
            const res = await fetch(url)
            answered++
            return res
          } catch {
            await new Promise((r) => setTimeout(r, 100))
          }
        }
      },
    })
      .then(() => undefined)
      .catch((e: Error) => e)
    expect(answered).toBeGreaterThanOrEqual(1)
    expect(error?.message).toMatch(/^wrangler dev did not answer within 1 s \(last status 404\):\n/)
    expect(error?.message).toContain(`127.0.0.1:${port}`) // wrangler's "Ready on …" line, from the output
    expect(await portFree(port)).toBe(true)
  }, 180_000) // a hang guard only, for a machine slow to start wrangler

  it('fails at once with wrangler’s output when it exits, and without a config at all', async () => {
    const error = await startWranglerDev({ cwd: fixture('broken') }).catch((e: Error) => e)
    expect(String(error)).toMatch(/wrangler dev exited early \(code \d+\):/)
    expect(String(error)).toContain('no-such-entry.js')
    await expect(startWranglerDev({ cwd: tmp })).rejects.toThrow(`no wrangler config in ${tmp}`)
  })

  it('tries fresh ports when a port it picked is taken before workerd binds it (issue 33, CI run of 2026-12-07)', async () => {
    const taken = await freePort()
    const squatter = await occupy(taken)
    try {
      forced.push(taken) // the port "picked" for the app is already someone else's
      const dev = await startWranglerDev({ cwd: hello, vars: { GREETING: 'second try' } })
      started.push(dev)
      expect(forced).toEqual([])
      expect(dev.port).not.toBe(taken)
      expect(await (await fetch(`${dev.url}/`)).json()).toEqual({ greeting: 'second try' })
      await stopsCompletely(dev)

      // A port the caller chose is not swapped for another: the error says it is taken.
      const error = await startWranglerDev({ cwd: hello, port: taken }).catch((e: Error) => e)
      expect(String(error)).toMatch(/wrangler dev exited early \(code \d+\):/)
      expect(String(error)).toContain(`Address already in use (127.0.0.1:${taken})`)
    } finally {
      squatter.close()
    }
  }, 180_000) // a hang guard only, for a machine slow to start wrangler
})

describe('one app directory, one wrangler dev (issue 33, CI run of 2026-12-02)', () => {
  it('counts the reloads wrangler logs, and starts a second wrangler dev of the directory only after the first stopped', async () => {
    const app = join(tmp, 'reloading')
    cpSync(hello, app, { recursive: true })
    const first = await startWranglerDev({ cwd: app, vars: { GREETING: 'first' } })
    started.push(first)
    expect(first.reloads()).toBe(0)
    // While the first runs, one that will not wait is refused, naming the holder (this process).
    await expect(startWranglerDev({ cwd: app, lockTimeoutMs: 1_000 })).rejects.toThrow(
      `another one of this directory (pid ${process.pid}) still runs after 1 s`,
    )
    let secondUp = false
    const second = startWranglerDev({ cwd: app, vars: { GREETING: 'second' } }).then((dev) => {
      secondUp = true
      started.push(dev)
      return dev
    })
    // A change to the Worker's source: wrangler rebuilds and reloads the Worker under the running server. A
    // check that fails meanwhile reports the restart, not a finding.
    const source = join(app, 'index.js')
    const failing = unlessRestarted(first, async () => {
      writeFileSync(
        source,
        readFileSync(source, 'utf8').replace('env.GREETING ??', '"changed: " + env.GREETING ??'),
      )
      await eventually(() => expect(first.reloads()).toBe(1), { interval: 200, timeout: 60_000 })
      throw new Error('a request failed')
    })
    await expect(failing).rejects.toThrow(
      'dev server restarted (wrangler reloaded the Worker 1× during the run): not a finding; the failure: a request failed',
    )
    // Without a reload, a failure is the failure.
    await expect(unlessRestarted(first, () => Promise.reject(new Error('a finding')))).rejects.toThrow(
      /^a finding$/,
    )
    expect(await (await fetch(`${first.url}/`)).json()).toEqual({ greeting: 'changed: first' })
    expect(secondUp).toBe(false) // waiting for the directory's lock all along
    await first.stop()
    const dev = await second
    expect(await (await fetch(`${dev.url}/`)).json()).toEqual({ greeting: 'changed: second' })
    expect(dev.reloads()).toBe(0)
    await dev.stop()
  }, 180_000)
})

describe('bin/supervise.mjs with wrangler dev', () => {
  it('ends wrangler and workerd when the process that started them is killed', async () => {
    const port = await freePort()
    const supervisor = fileURLToPath(new URL('../bin/supervise.mjs', import.meta.url))
    const args = [wranglerBin(hello), 'dev', '--ip', '127.0.0.1', '--port', String(port)]
    args.push('--inspector-port', String(await freePort()), '--persist-to', join(tmp, 'orphan-state'))
    // A parent that starts the supervised wrangler as startWranglerDev does, prints its group, and then hangs.
    const parentScript = `
      const { spawn } = require('node:child_process')
      const child = spawn(process.execPath, ${JSON.stringify([supervisor, process.execPath, ...args])}, {
        detached: true, stdio: ['pipe', 'ignore', 'ignore'] })
      console.log(child.pid)
      setInterval(() => {}, 1000)`
    const parent = spawn(process.execPath, ['-e', parentScript], {
      cwd: hello,
      env: wranglerEnv(),
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const pgid = Number(
      await new Promise<string>((resolve) => parent.stdout?.once('data', (d) => resolve(String(d)))),
    )
    try {
      await eventually(async () => expect((await fetch(`http://127.0.0.1:${port}/`)).ok).toBe(true), {
        interval: 200,
      })
      expect(groupProcesses(pgid).map((p) => p.name)).toContain('workerd')

      parent.kill('SIGKILL') // no stop(), no exit handlers
      await eventually(() => expect(groupAlive(pgid)).toBe(false), { interval: 100 })
      expect(await waitPortFree(port)).toBe(true)
    } finally {
      parent.kill('SIGKILL')
      try {
        process.kill(-pgid, 'SIGKILL')
      } catch {}
    }
  })
})
