import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { APP_MIME_TYPE, appClientCapabilities } from '@edgemcp/core/apps'
import { mcpHttp, mcpMatchers } from '@edgemcp/testing'
import { freePort, startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectClient, textOf } from '../client.js'
import { runPythonClient } from './python-client.js'

// Acceptance of MCP Apps on the sample under wrangler dev, over real HTTP: a client that declares the
// extension sees the board tool's `_meta.ui` and reads the View; one that does not gets the text answer. In
// both eras, with our McpClient and with the official Python SDK's client.

let dev: WranglerDev
let persistTo: string
let mcp: string

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), 'edgemcp-apps-'))
  dev = await startWranglerDev({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    port: await freePort(),
    persistTo,
    vars: { MCP_MRTR_SECRET: 'e2e-only-secret' },
  })
  mcp = `${dev.url}/mcp`
})

afterAll(async () => {
  await dev?.stop()
  if (persistTo) rmSync(persistTo, { recursive: true, force: true })
})

const BOARD = 'ui://notes/board'

expect.extend(mcpMatchers)

describe.each(['2025-11-25', '2026-07-28'])('@edgemcp/testing matchers, %s', (protocolVersion) => {
  it('find the board valid by the MCP Apps rules', async () => {
    const app = mcpHttp(mcp, { protocolVersion, capabilities: appClientCapabilities() })
    await expect(app).toHaveValidApps()
    await expect(app).toHaveApp(BOARD)
    await app.close()
  })
})

describe.each(['legacy', 'modern'] as const)('McpClient, %s era', (era) => {
  it('declaring the extension: sees _meta.ui, reads the View, gets the app answer', async () => {
    const { client } = await connectClient(mcp, era, { capabilities: appClientCapabilities() })
    expect(client.serverCapabilities?.extensions).toMatchObject({ 'io.modelcontextprotocol/ui': {} })
    const { tools } = await client.listTools()
    const show = tools.find((t) => t.name === 'show_notes_board')
    expect(show?._meta).toMatchObject({ ui: { resourceUri: BOARD }, 'ui/resourceUri': BOARD })
    expect(tools.find((t) => t.name === 'board_add_note')?._meta?.ui).toEqual({
      resourceUri: BOARD,
      visibility: ['app'],
    })
    const read = await client.readResource({ uri: BOARD })
    expect(read.contents[0]).toMatchObject({ uri: BOARD, mimeType: APP_MIME_TYPE })
    expect((read.contents[0] as { text: string }).text).toMatch(/^<!doctype html>/)
    await client.callTool({ name: 'board_add_note', arguments: { title: `${era} seen` } })
    const shown = await client.callTool({ name: 'show_notes_board', arguments: {} })
    expect(textOf(shown)).toMatch(/^Your notes are on the board:/)
    expect(textOf(shown)).toContain(`${era} seen`)
    await client.close()
  })

  it('not declaring it: the same tool answers with its text fallback', async () => {
    const { client } = await connectClient(mcp, era)
    const shown = await client.callTool({ name: 'show_notes_board', arguments: {} })
    expect(textOf(shown)).toMatch(/^Your notes \(this client does not show apps/)
    await client.close()
  })
})

describe.each([
  ['legacy', 'legacy'],
  ['modern', '2026-07-28'],
] as const)('the official Python SDK client (mcp==2.3.0), %s era', (_era, mode) => {
  it('declaring the extension: sees _meta.ui, reads the View, gets the app answer', async () => {
    const report = await runPythonClient(mcp, { mode, declare: true })
    expect(report.protocolVersion >= '2026-07-28').toBe(mode !== 'legacy')
    expect(report.meta).toMatchObject({ ui: { resourceUri: BOARD }, 'ui/resourceUri': BOARD })
    expect(report.mimeType).toBe(APP_MIME_TYPE)
    expect(report.text).toMatch(/^Your notes are on the board:/)
  })

  it('not declaring it: the text fallback', async () => {
    const report = await runPythonClient(mcp, { mode, declare: false })
    expect(report.text).toMatch(/^Your notes \(this client does not show apps/)
  })
})
