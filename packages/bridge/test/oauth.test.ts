import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { McpClient } from '@edgemcp/core'
import { StdioClientTransport } from '@edgemcp/stdio'
import { eventually } from '@edgemcp/test-helpers'
import { inspectorCli } from '@edgemcp/test-helpers/inspector'
import { headlessAuthorize } from '@edgemcp/testing'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The sample Worker as its own authorization server (wrangler.oauth.jsonc) under wrangler dev; the bridge logs
// in the first time (the "user" is headlessAuthorize on the URL the bridge prints) and reuses its tokens after.
const bin = fileURLToPath(new URL('../bin/edgemcp-bridge.js', import.meta.url))

let dev: WranglerDev
let dir: string
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'edgemcp-bridge-oauth-'))
  dev = await startWranglerDev({
    cwd: fileURLToPath(new URL('../../../apps/worker-server', import.meta.url)),
    config: 'wrangler.oauth.jsonc',
    vars: { MCP_MRTR_SECRET: 'bridge-oauth-secret' },
  })
}, 180_000)
afterAll(async () => {
  await dev?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** A stdio client launching the bridge; it plays the user for every login URL the bridge prints. */
async function connect(store: string, logins: string[]) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, `${dev.url}/mcp`, '--auth-store', store],
    env: { CI: '1' }, // no browser window: the test is the browser
    stderr: 'pipe',
  })
  let seen = ''
  const client = new McpClient({ name: 'desktop-app', version: '1.0.0' }, { protocol: 'legacy' })
  const connecting = client.connect(transport)
  transport.stderr?.on('data', (chunk: Buffer) => {
    seen += chunk.toString('utf8')
    for (const [, url] of seen.matchAll(/log in to \S+ in your browser \(waiting for it\): (\S+)/g)) {
      if (!url || logins.includes(url)) continue
      logins.push(url)
      const login = new URL(url)
      void headlessAuthorize({ fill: { user: 'ada' } })({
        url: login,
        redirectUri: login.searchParams.get('redirect_uri') ?? '',
      }).then((callback) => fetch(callback))
    }
  })
  await connecting
  return client
}

describe('edgemcp-bridge to a server behind OAuth', () => {
  it('logs in on first use, calls the tools, and reuses the kept tokens the next time', async () => {
    const store = join(dir, 'oauth.json')
    const logins: string[] = []
    const first = await connect(store, logins)
    expect(logins).toHaveLength(1)
    expect(new URL(logins[0]!).searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    )
    // add_note needs notes:write, which the first login (scope of the challenge) did not ask for: the
    // server's 403 insufficient_scope makes the bridge log in again for it (step-up).
    const added = await first.callTool({ name: 'add_note', arguments: { title: 'mine', body: 'ada' } })
    expect(added.isError).not.toBe(true)
    expect(logins).toHaveLength(2)
    expect(new URL(logins[1]!).searchParams.get('scope')?.split(' ')).toContain('notes:write')
    await first.close()
    expect(readFileSync(store, 'utf8')).toContain('oauth:tokens:')

    const second = await connect(store, logins)
    expect(logins).toHaveLength(2) // no new login: the kept tokens serve
    const found = await second.callTool({ name: 'search_notes', arguments: { query: 'mine' } })
    expect(JSON.stringify(found.content)).toContain('mine')
    await second.close()

    // MCP Inspector's CLI (2.x, on Node 22) launching the bridge over stdio, with the tokens kept above.
    const { node, cli } = await inspectorCli()
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        node,
        [
          cli,
          '--cli',
          '--method',
          'tools/call',
          '--tool-name',
          'search_notes',
          '--tool-arg',
          'query=mine',
          '--',
          process.execPath,
          bin,
          `${dev.url}/mcp`,
          '--auth-store',
          store,
        ],
        { timeout: 120_000, env: { ...process.env, CI: '1' } },
        (error, stdout, stderr) =>
          error ? reject(new Error(`inspector: ${stderr || error.message}`)) : resolve(stdout),
      ),
    )
    expect(JSON.parse(out).content[0].text).toContain('mine')
    expect(logins).toHaveLength(2) // the Inspector's bridge used the kept tokens too
  }, 600_000)

  it('with --no-auth, says in one line that the server wants a login', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, `${dev.url}/mcp`, '--no-auth'],
      stderr: 'pipe',
    })
    const client = new McpClient({ name: 'desktop-app', version: '1.0.0' })
    await expect(client.connect(transport)).rejects.toThrow()
    await eventually(() =>
      expect(transport.stderrText).toMatch(/^edgemcp-bridge: cannot reach .*(401|OAuth|log in)/),
    )
  })
})
