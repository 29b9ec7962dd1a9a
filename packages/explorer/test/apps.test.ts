import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExplorerProxy, startExplorerProxy } from '../src/node/proxy.js'
import { launch, openPage } from './browser-helpers.js'

/**
 * The explorer for a server it is not part of, hosting the official example app
 * (`@modelcontextprotocol/server-basic-vanillajs` 2.0.3, a legacy-era server of the official SDK) over stdio
 * and over HTTP, in Chromium: the app renders in the sandbox and its button calls get-time through our host.
 */
// The package's main is dist/server.js; its bin, dist/index.js, sits beside it.
const BASIC = join(
  dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-basic-vanillajs')),
  'index.js',
)
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

async function startHttpBasic(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(process.execPath, [BASIC], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'pipe',
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`basic server did not start: ${out}`)), 60_000)
    child.stdout?.on('data', (d) => {
      out += d
      if (out.includes('listening')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => reject(new Error(`basic server exited ${code}: ${out}`)))
  })
  return { url: `http://127.0.0.1:${port}/mcp`, child }
}

async function appCallsGetTime(proxy: ExplorerProxy) {
  const { page, errors } = await openPage(browser, proxy.url)
  try {
    const card = page.locator('[id="tool-get-time"]')
    await card.getByRole('button', { name: 'Call' }).click()
    await card.locator('.result', { hasText: ISO }).waitFor({ timeout: 60_000 })
    const frame = card.locator('iframe.app-frame')
    await frame.waitFor()
    // The frame is on the sandbox origin, the View inside it on an opaque one.
    expect(await frame.getAttribute('src')).toMatch(new RegExp(`^${proxy.sandboxOrigin}/\\?mcp-app-sandbox&`))
    const view = page.frameLocator('[id="tool-get-time"] iframe.app-frame').frameLocator('iframe')
    const time = view.locator('#server-time')
    await expect.poll(() => time.textContent(), { timeout: 60_000 }).toMatch(ISO)
    const first = await time.textContent()
    await view.locator('#get-time-btn').click()
    await card.locator('.app-log', { hasText: 'The app calls get-time' }).waitFor({ timeout: 60_000 })
    await expect.poll(() => time.textContent(), { timeout: 60_000 }).not.toBe(first)
    expect(await time.textContent()).toMatch(ISO)
    expect(errors).toEqual([])
  } finally {
    await page.close()
  }
}

describe('the explorer for the official example app server', () => {
  it('over stdio: renders the app, whose button calls get-time through the host', async () => {
    const proxy = await startExplorerProxy({ stdio: `"${process.execPath}" "${BASIC}" --stdio` })
    try {
      expect(proxy.client.era).toBe('legacy')
      await appCallsGetTime(proxy)
    } finally {
      await proxy.close()
    }
  })

  it('over HTTP: the same', async () => {
    const { url, child } = await startHttpBasic()
    const proxy = await startExplorerProxy({ url })
    try {
      await appCallsGetTime(proxy)
    } finally {
      await proxy.close()
      child.kill('SIGTERM')
    }
  })
})
