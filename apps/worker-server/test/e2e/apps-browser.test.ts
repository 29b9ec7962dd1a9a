import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import { launchChromium } from '@edgemcp/test-helpers/browser'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectClient, textOf } from '../client.js'
import { startTestHost, type TestHost } from './app-host/host-server.js'

// Acceptance: the official host library (AppBridge of @modelcontextprotocol/ext-apps 2.x) renders the sample's
// notes board, served by the Worker under wrangler dev, in headless Chromium; the View's tool calls go through
// the bridge to the Worker and back.

let dev: WranglerDev
let persistTo: string
let host: TestHost
let browser: Browser

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), 'edgemcp-apps-browser-'))
  dev = await startWranglerDev({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    port: await freePort(),
    persistTo,
    vars: { MCP_MRTR_SECRET: 'e2e-only-secret' },
  })
  host = await startTestHost(dev.url)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await host?.close()
  await dev?.stop()
  if (persistTo) rmSync(persistTo, { recursive: true, force: true })
})

describe('the notes board in a browser host', () => {
  it('AppBridge renders the View; adding and deleting a note goes through the bridge to the Worker', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const consoleLines: string[] = []
    page.on('console', (m) => consoleLines.push(m.text()))
    await page.goto(host.url)
    await expect.poll(() => page.textContent('#log'), { timeout: 30_000 }).toContain('tool result sent')
    expect(await page.textContent('#log')).toContain('read ui://notes/board text/html;profile=mcp-app')
    const view = page.frameLocator('#app')
    await expect
      .poll(() => view.locator('#status').textContent(), { timeout: 30_000 })
      .toMatch(/note|No notes/)

    const title = `from the board ${Date.now()}`
    await view.locator('#title').fill(title)
    await view.locator('#body').fill('added through AppBridge')
    await view.getByRole('button', { name: 'Add' }).click()
    const item = view.locator('li', { hasText: title })
    await item.waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      throw new Error(
        `${e}; the board says: ${await view.locator('#status').textContent()}; console: ${consoleLines.join(' | ')}; log: ${await page.textContent('#log')}`,
      )
    })

    // The note is in the Worker's store: another client, outside the browser, lists it.
    const { client } = await connectClient(`${dev.url}/mcp`, 'modern')
    const listed = () => client.callTool({ name: 'show_notes_board', arguments: {} }).then(textOf)
    expect(await listed()).toContain(title)

    await item.getByRole('button', { name: `Delete ${title}` }).click()
    await item.waitFor({ state: 'detached', timeout: 30_000 })
    expect(await listed()).not.toContain(title)
    await client.close()
    expect(errors).toEqual([])
    await page.close()
  })
})
