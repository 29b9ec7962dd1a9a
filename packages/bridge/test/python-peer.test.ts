import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { pythonWithMcp } from '@edgemcp/test-helpers/python'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The official Python SDK (mcp 2.3.0) as the stdio client a desktop app would be, launching the bridge.
const bin = fileURLToPath(new URL('../bin/edgemcp-bridge.js', import.meta.url))
const script = fileURLToPath(new URL('./fixtures/python_client.py', import.meta.url))

interface Seen {
  protocolVersion: string
  tools: string[]
  asked: string[]
  results: Array<{ text: string; isError: boolean }>
}

function pythonThroughBridge(
  python: string,
  mode: 'legacy' | 'auto',
  bridgeArgs: string[],
  calls: Array<{ tool: string; arguments: Record<string, unknown> }>,
): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      python,
      [script, mode, process.execPath, bin, ...bridgeArgs],
      { timeout: 120_000, maxBuffer: 8 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`python client failed: ${stderr || error.message}`))
        else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Seen)
      },
    )
    child.stdin?.end(JSON.stringify(calls))
  })
}

let python: string
beforeAll(async () => {
  python = await pythonWithMcp()
}, 600_000)

describe('the official Python SDK over stdio, through edgemcp-bridge', () => {
  describe('to the sample Worker (wrangler dev), speaking 2026-07-28 to it', () => {
    let dev: WranglerDev
    beforeAll(async () => {
      dev = await startWranglerDev({
        cwd: fileURLToPath(new URL('../../../apps/worker-server', import.meta.url)),
        vars: { MCP_MRTR_SECRET: 'bridge-test-secret' },
      })
    }, 180_000)
    afterAll(async () => {
      await dev?.stop()
    })

    it('a legacy-mode client adds a note and deletes it, confirming through elicitation (MRTR remote side)', async () => {
      const seen = await pythonThroughBridge(
        python,
        'legacy',
        [`${dev.url}/mcp`, '--protocol', '2026-07-28'],
        [
          { tool: 'add_note', arguments: { title: 'bridged', body: 'through stdio' } },
          { tool: 'delete_note', arguments: { id: '$id' } },
        ],
      )
      // The Python side made an initialize session; the Worker saw stateless 2026-07-28 requests only.
      expect(seen.protocolVersion).not.toBe('2026-07-28')
      expect(seen.tools).toEqual(expect.arrayContaining(['add_note', 'delete_note', 'search_notes']))
      expect(seen.results[0]).toMatchObject({ isError: false })
      expect(seen.asked).toEqual([expect.stringMatching(/^Delete "bridged"/)])
      expect(seen.results[1]).toEqual({ text: expect.stringMatching(/^Deleted note:\/\//), isError: false })
    })
  })

  describe('to a 2025-11-25-only server of the official TypeScript SDK', () => {
    let server: ChildProcess
    let url: string
    beforeAll(async () => {
      server = spawn(
        process.execPath,
        [fileURLToPath(new URL('./fixtures/sdk-legacy-server.mjs', import.meta.url))],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      )
      url = await new Promise<string>((resolve, reject) => {
        server.stdout?.once('data', (d: Buffer) => resolve(d.toString('utf8').trim()))
        server.once('exit', (code) => reject(new Error(`the SDK server exited (${code})`)))
      })
    }, 60_000)
    afterAll(() => {
      server?.stdin?.end()
      server?.kill()
    })

    it('an auto-mode client speaks 2026-07-28 to the bridge and answers the server→client elicitation', async () => {
      const seen = await pythonThroughBridge(
        python,
        'auto',
        [url],
        [
          { tool: 'add', arguments: { a: 2, b: 40 } },
          { tool: 'confirm', arguments: {} },
        ],
      )
      // The bridge offers 2026-07-28 to its stdio client although the remote knows nothing of it.
      expect(seen.protocolVersion).toBe('2026-07-28')
      expect(seen.tools).toEqual(['add', 'confirm'])
      expect(seen.results[0]).toEqual({ text: '42', isError: false })
      expect(seen.asked).toEqual(['Proceed?'])
      expect(seen.results[1]).toEqual({ text: 'sdk:accept:{"confirm":true,"ok":true}', isError: false })
    })
  })
})
