import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { startWorld } from '../../auth/test/client/world.js'
import { packageRoot } from './support/typecheck.js'

const cli = join(packageRoot, 'dist', 'cli.js')

/**
 * Runs the CLI; `browser(url)` plays the user for every authorization URL it prints (open the URL, follow the
 * authorization server's redirect to the CLI's loopback callback).
 */
function runCli(args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, CI: '', ...env } })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      const url = /^\s+(http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+)$/m.exec(stderr)?.[1]
      if (url && !stderr.includes('(opened)')) {
        stderr += '(opened)'
        void browse(url)
      }
    })
    child.on('exit', (code) => resolve({ code, stderr }))
  })
}

async function browse(url: string): Promise<void> {
  const approval = await fetch(url, { redirect: 'manual' })
  const callback = approval.headers.get('location') ?? ''
  await (await fetch(callback)).text()
}

const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-auth-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('edgemcp-codegen URL --auth', () => {
  it('logs in on a loopback redirect, writes the stubs, and reuses the kept tokens next time', async () => {
    const world = await startWorld({ challengeScope: 'notes:read' })
    const dir = tempDir()
    const store = join(dir, 'oauth.json')
    const out = join(dir, 'client.ts')
    const first = await runCli([world.urls.mcp, '--auth', '--auth-store', store, '-o', out])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stderr).toMatch(/log in to http:\/\/127\.0\.0\.1:\d+ in your browser/)
    expect(readFileSync(out, 'utf8')).toMatch(/whoami/)
    expect(world.counters).toMatchObject({ registrations: 1, authorizations: 1 })
    // Loopback redirect (RFC 8252), with the resource and PKCE.
    const q = world.seen.authorize[0]
    expect(q?.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(q?.get('resource')).toBe(world.urls.mcp)
    if (process.platform !== 'win32') expect(statSync(store).mode & 0o777).toBe(0o600)
    expect(readFileSync(store, 'utf8')).toContain(`oauth:tokens:${world.urls.mcp}`)

    const second = await runCli([world.urls.mcp, '--auth', '--auth-store', store, '-o', out, '--check'])
    expect(second.code, second.stderr).toBe(0)
    expect(second.stderr).not.toMatch(/log in/)
    expect(world.counters.authorizations).toBe(1)
  }, 60_000)

  it('a login that nobody can complete (CI, no terminal) fails at once with one line', async () => {
    const world = await startWorld()
    const dir = tempDir()
    const { code, stderr } = await runCli(
      [world.urls.mcp, '--auth', '--auth-store', join(dir, 'oauth.json'), '-o', join(dir, 'c.ts')],
      { CI: 'true' },
    )
    expect(code).toBe(2)
    const errors = stderr.split('\n').filter((l) => l.includes('error:'))
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(
      /needs an OAuth login, and CI is set without a terminal: run edgemcp-codegen with --auth/,
    )
    expect(world.counters.registrations).toBe(0)
  }, 60_000)

  it('without --auth a protected server says how to log in', async () => {
    const world = await startWorld()
    const dir = tempDir()
    const { code, stderr } = await runCli([world.urls.mcp, '-o', join(dir, 'c.ts')])
    expect(code).toBe(2)
    expect(stderr).toMatch(/HTTP 401.*run again with --auth; or pass --token/)
    expect(world.counters.authorizations).toBe(0)
  }, 60_000)
})
