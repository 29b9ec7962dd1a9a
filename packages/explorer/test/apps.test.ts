import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { freePort } from '@edgemcp/tools-wrangler-dev'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Frame, Page } from 'playwright-core'
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
/** The example's own createServer() plus a model-only tool, `secret` (test/basic-plus.mjs). */
const PLUS = fileURLToPath(new URL('./basic-plus.mjs', import.meta.url))

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

async function startHttpPlus(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [PLUS], { stdio: 'pipe' })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`the example server did not start: ${out}`)), 60_000)
    child.stdout?.on('data', (d) => {
      out += d
      const m = /listening on (\S+)/.exec(out)
      if (m?.[1]) {
        clearTimeout(timer)
        resolve(m[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`the example server exited ${code}: ${out}`)))
  })
  return { url, child }
}

/** The View's own frame: the inner, opaque-origin iframe of the sandbox proxy. */
async function viewFrame(page: Page, sandboxOrigin: string): Promise<Frame> {
  await expect
    .poll(() => page.frames().some((f) => f.parentFrame()?.url().startsWith(sandboxOrigin)), {
      timeout: 60_000,
    })
    .toBe(true)
  const frame = page.frames().find((f) => f.parentFrame()?.url().startsWith(sandboxOrigin))
  if (!frame) throw new Error('no View frame')
  return frame
}

/**
 * Inside the example's View, next to its own App: a tools/call of the model-only `secret`, sent the way the
 * View's App sends one (to its parent, the sandbox proxy, which relays it to the host). Resolves with the answer.
 */
const viewCalls = (frame: Frame, name: string) =>
  frame.evaluate(
    (tool) =>
      new Promise<{ result?: unknown; error?: { code: number; message: string } }>((resolve) => {
        const id = `probe-${tool}`
        addEventListener('message', (e) => {
          if (e.source === parent && e.data?.id === id) resolve(e.data)
        })
        parent.postMessage(
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: {} } },
          '*',
        )
      }),
    name,
  )

async function modelOnlyRefused(proxy: ExplorerProxy) {
  const { page, errors } = await openPage(browser, proxy.url)
  try {
    const card = page.locator('[id="tool-get-time"]')
    await card.getByRole('button', { name: 'Call' }).click()
    const view = page.frameLocator('[id="tool-get-time"] iframe.app-frame').frameLocator('iframe')
    await expect.poll(() => view.locator('#server-time').textContent(), { timeout: 60_000 }).toMatch(ISO)
    const frame = await viewFrame(page, proxy.sandboxOrigin)
    const refused = await viewCalls(frame, 'secret')
    expect(refused.error).toEqual({
      code: -32602,
      message: 'Tool secret is not callable by apps (its _meta.ui.visibility has no "app")',
    })
    expect(refused.result).toBeUndefined()
    // The same View may call get-time (no visibility: model and app), so the refusal is the visibility's.
    const allowed = (await viewCalls(frame, 'get-time')) as {
      result?: { structuredContent?: { time?: string } }
    }
    expect(allowed.result?.structuredContent?.time).toMatch(ISO)
    // secret itself works for the person at the explorer, and this is its first call: the View's never ran.
    const secret = page.locator('[id="tool-secret"]')
    await secret.getByRole('button', { name: 'Call' }).click()
    await secret.locator('.result', { hasText: 'the secret, call 1' }).waitFor({ timeout: 60_000 })
    expect(errors).toEqual([])
  } finally {
    await page.close()
  }
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

  it('over stdio: a View of the example calling a model-only tool is refused', async () => {
    const proxy = await startExplorerProxy({ stdio: `"${process.execPath}" "${PLUS}" --stdio` })
    try {
      await modelOnlyRefused(proxy)
    } finally {
      await proxy.close()
    }
  })

  it('over HTTP: the same refusal', async () => {
    const { url, child } = await startHttpPlus()
    const proxy = await startExplorerProxy({ url })
    try {
      await modelOnlyRefused(proxy)
    } finally {
      await proxy.close()
      child.kill('SIGTERM')
    }
  })
})
