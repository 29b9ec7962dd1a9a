import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExplorerProxy, startExplorerProxy } from '../src/node/proxy.js'
import { type AppsServer, startAppsServer } from './apps-server.js'
import { launch, openPage } from './browser-helpers.js'

/**
 * The host's bridge and its containment, in Chromium, with test Views of a fixture server (test/apps-server.ts)
 * seen through the explorer proxy: each View reports what it saw through `ui/message`, which the host shows in
 * the app's log.
 */
let browser: Browser
let server: AppsServer
let proxy: ExplorerProxy
beforeAll(async () => {
  browser = await launch()
  server = await startAppsServer()
  proxy = await startExplorerProxy({ url: new URL('/mcp', server.url).href })
})
afterAll(async () => {
  await proxy?.close()
  await server?.close()
  await browser?.close()
})

async function runApp(page: Page, tool: string, until: string) {
  const card = page.locator(`[id="tool-${tool}"]`)
  await card.getByRole('button', { name: 'Call' }).click()
  const log = card.locator('.app-log')
  await log.filter({ hasText: until }).waitFor({ timeout: 60_000 })
  return { card, log: (await log.textContent()) ?? '' }
}

describe('the MCP Apps host', () => {
  it('runs in the server-mounted explorer too, its sandbox on the other loopback name', async () => {
    const { page, errors } = await openPage(browser, `${new URL(server.url).origin}/`)
    try {
      const { card } = await runApp(page, 'bridge', 'bridge done')
      expect(await card.locator('iframe.app-frame').getAttribute('src')).toMatch(
        /^http:\/\/localhost:\d+\/\?mcp-app-sandbox&/,
      )
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('speaks the whole bridge to a View', async () => {
    const { page, errors } = await openPage(browser, proxy.url)
    try {
      const { card, log } = await runApp(page, 'bridge', 'bridge done')
      for (const line of [
        'init 2026-01-26 tool=bridge modes=inline,fullscreen',
        'tool-input {}',
        'ping {}',
        'record recorded from the view',
        'read plain text',
        'a log line',
        'open-link-js refused',
        'The app asks to open https://example.com/docs',
        'mode-pip inline',
        'mode-full fullscreen',
        'context-changed {"displayMode":"fullscreen"}',
        'unknown -32601',
        'form-submit handled typed',
      ])
        expect(log).toContain(line)
      await card.locator('.app-log', { hasText: 'tool-result bridge result' }).waitFor()
      expect(await card.locator('.app-context').textContent()).toContain('"picked": 42')
      expect(await card.locator('.app').getAttribute('class')).toContain('app-fullscreen')
      await expect
        .poll(() => card.locator('iframe.app-frame').evaluate((f) => (f as HTMLElement).style.height))
        .toBe('123px')
      // Teardown: the View is asked first (it records it), then the frame goes.
      await card.getByRole('button', { name: 'Close app' }).click()
      await card.locator('iframe.app-frame').waitFor({ state: 'detached' })
      expect(server.events).toContain('teardown: Closed by the person')
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it("ignores messages from every window but the View's: another sandbox frame, a popup, the page itself", async () => {
    const { page, errors } = await openPage(browser, proxy.url)
    const before = server.events.length
    try {
      const { card } = await runApp(page, 'bridge', 'bridge done')
      const explorer = new URL(proxy.url).origin
      const sandboxUrl = `${proxy.sandboxOrigin}/?mcp-app-sandbox&origin=${encodeURIComponent(explorer)}&csp=%7B%7D`
      // Forged requests and notifications, each sent where the host listens (the explorer's window) from a
      // window on the sandbox's own origin that is not a View's, and from the explorer's window itself.
      const forge = (tag: string) => {
        const got: unknown[] = []
        ;(window as unknown as { got: unknown[] }).got = got
        addEventListener('message', (e) => got.push(e.data))
        const to = (window.opener ?? window.parent) as Window
        const post = (m: object) => to.postMessage({ jsonrpc: '2.0', ...m }, '*')
        post({
          id: `${tag}-1`,
          method: 'tools/call',
          params: { name: 'record', arguments: { event: `forged ${tag}` } },
        })
        post({
          id: `${tag}-2`,
          method: 'ui/message',
          params: { role: 'user', content: { type: 'text', text: `FORGED ${tag}` } },
        })
        post({ method: 'ui/notifications/size-changed', params: { height: 777 } })
        post({ method: 'ui/notifications/sandbox-proxy-ready', params: {} })
      }
      await page.evaluate((url) => {
        const f = document.createElement('iframe')
        f.id = 'foreign'
        f.src = url
        document.body.append(f)
        return new Promise((resolve) => f.addEventListener('load', resolve))
      }, sandboxUrl)
      const foreign = await (await page.locator('iframe#foreign').elementHandle())?.contentFrame()
      if (!foreign) throw new Error('no foreign frame')
      await foreign.evaluate(forge, 'frame')
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate((url) => void window.open(url, '_blank'), sandboxUrl),
      ])
      await popup.waitForLoadState()
      await popup.evaluate(forge, 'popup')
      await page.evaluate(forge, 'page')
      // The View's own next message (a teardown record) comes after all of them: by then each was handled.
      await card.getByRole('button', { name: 'Close app' }).click()
      await expect.poll(() => server.events.slice(before)).toContain('teardown: Closed by the person')
      expect(server.events.slice(before)).toEqual(['from the view', 'teardown: Closed by the person'])
      expect(await card.locator('.app-log').textContent()).not.toContain('FORGED')
      expect(await foreign.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([])
      expect(await popup.evaluate(() => (window as unknown as { got: unknown[] }).got)).toEqual([])
      // The page's window hears its own forgeries (and the View's relayed lines), never an answer to a forgery.
      const own = (await page.evaluate(() => (window as unknown as { got: unknown[] }).got)) as {
        id?: string
      }[]
      expect(own.filter((m) => String(m.id).startsWith('page-') && !('method' in m))).toEqual([])
      await popup.close()
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('tells the View when the call fails (tool-cancelled) instead of a result', async () => {
    const { page } = await openPage(browser, proxy.url)
    try {
      const { log } = await runApp(page, 'broken', 'tool-cancelled')
      expect(log).toContain('tool-cancelled The call failed: it broke')
      expect(log).not.toContain('tool-result')
    } finally {
      await page.close()
    }
  })

  it('contains a hostile View: forged sources, model-only tools, the explorer origin, undeclared network', async () => {
    const { page } = await openPage(browser, proxy.url)
    const before = server.events.length
    try {
      // Something to steal on the explorer's origin (and on the sandbox's host, which shares its cookies).
      await page.context().addCookies([{ name: 'explorer_secret', value: '1', url: proxy.url }])
      await page.evaluate(() => {
        localStorage.setItem('explorer_secret', '1')
        sessionStorage.setItem('explorer_secret', '1')
      })
      const { log } = await runApp(page, 'attack', 'attack done')
      expect(log).toContain('secret refused: Tool secret is not callable by apps')
      expect(log).toContain('ghost refused')
      expect(server.events.slice(before)).toEqual([]) // neither the forged record nor secret ran
      for (const probe of [
        'cookie',
        'storage',
        'session-storage',
        'indexeddb',
        'top-dom',
        'parent-dom',
        'explorer-fetch',
        'undeclared-fetch',
        'image',
      ])
        expect(log).toContain(`${probe} blocked`)
      expect(log).toContain('declared-fetch reached opaque') // the declared origin is reachable: CSP, not luck
      expect(log).not.toMatch(/READ|REACHED|ALLOWED|LOADED/)
    } finally {
      await page.close()
    }
  })

  it.each([
    ['escape', 'a popup, the top window or a form'],
    ['escape_self', 'its own frame navigated to an http page'],
    ['escape_data', 'its own frame navigated to a data: document'],
  ])('keeps a View in its frame (%s): %s goes nowhere', async (tool) => {
    const { page } = await openPage(browser, proxy.url)
    const before = server.events.length
    try {
      // The View's frame may navigate only within the sandbox's frame-src ('none' here): an error page.
      const navigated = page.waitForEvent('framenavigated', {
        predicate: (f) =>
          !!f.parentFrame()?.url().startsWith(proxy.sandboxOrigin) && f.url() !== 'about:srcdoc',
        timeout: 60_000,
      })
      const { log } = await runApp(page, tool, 'escape navigating')
      if (tool === 'escape') {
        expect(log).toContain('popup blocked')
        expect(log).toContain('top-navigate blocked')
      }
      expect((await navigated).url()).toBe('chrome-error://chromewebdata/')
      expect(page.url()).toBe(proxy.url)
      expect(server.events.slice(before)).toEqual([]) // no request of /escape left the browser
    } finally {
      await page.close()
    }
  })

  it('holds a View to 4 calls in flight, refusing the rest until they end', async () => {
    const { page } = await openPage(browser, proxy.url)
    try {
      const card = page.locator('[id="tool-burst"]')
      await card.getByRole('button', { name: 'Call' }).click()
      const log = card.locator('.app-log')
      await log
        .filter({ hasText: 'burst refused 4: Too many requests in flight (4)' })
        .waitFor({ timeout: 60_000 })
      // The host refuses the fifth call the moment four are pending, which can be before the
      // fourth has crossed the proxy to the server: wait for it to arrive rather than race it.
      await expect.poll(() => server.holds.started, { timeout: 30_000 }).toBe(4)
      server.holds.release()
      await log.filter({ hasText: 'burst done ok=4 refused=4' }).waitFor({ timeout: 60_000 })
      expect(server.holds.started).toBe(4)
    } finally {
      await page.close()
    }
  })

  it('stops a View that floods it, and the page goes on working', async () => {
    const { page, errors } = await openPage(browser, proxy.url)
    try {
      const card = page.locator('[id="tool-flood"]')
      await card.getByRole('button', { name: 'Call' }).click()
      await card
        .locator('.app', { hasText: 'sent too many messages and was stopped' })
        .waitFor({ timeout: 60_000 })
      expect(await card.locator('iframe').count()).toBe(0)
      const plain = page.locator('[id="tool-plain"]')
      await plain.getByRole('button', { name: 'Call' }).click()
      await plain.locator('.result', { hasText: 'plain ok' }).waitFor()
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })
})

describe('the explorer proxy', () => {
  it("forwards the target's progress to the page", async () => {
    const { page, errors } = await openPage(browser, proxy.url)
    try {
      const card = page.locator('[id="tool-steps"]')
      await card.getByRole('button', { name: 'Call' }).click()
      await card.locator('.result', { hasText: 'steps done' }).waitFor({ timeout: 60_000 })
      // The page's log of the updates it received, in order; it outlives the bar.
      expect(await card.locator('.progress-log summary').textContent()).toBe('Progress: 3 updates')
      expect(await card.locator('.progress-log li').allTextContents()).toEqual([
        '1 / 3 — step 1',
        '2 / 3 — step 2',
        '3 / 3 — step 3',
      ])
      expect(await card.locator('progress').count()).toBe(0)
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('keeps the last 100 progress updates of the latest call only', async () => {
    const { page, errors } = await openPage(browser, proxy.url)
    try {
      const card = page.locator('[id="tool-chatty"]')
      for (let call = 1; call <= 2; call++) {
        await card.getByRole('button', { name: 'Call' }).click()
        await card.locator('.result', { hasText: 'chatty done' }).waitFor({ timeout: 60_000 })
        await card.getByRole('button', { name: 'Call' }).and(page.locator(':enabled')).waitFor()
        expect(await card.locator('.progress-log summary').textContent()).toBe(
          'Progress: the last 100 of 130 updates',
        )
        const lines = await card.locator('.progress-log li').allTextContents()
        expect(lines).toHaveLength(100)
        expect([lines[0], lines[99]]).toEqual(['31 / 130 — update 31', '130 / 130 — update 130'])
      }
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it("forwards the target's elicitation to the page as MRTR rounds, and the answer back", async () => {
    const { page, errors } = await openPage(browser, proxy.url)
    try {
      const card = page.locator('[id="tool-confirm"]')
      await card.getByRole('button', { name: 'Call' }).click()
      const ask = card.locator('form.elicit')
      await ask.waitFor({ timeout: 60_000 })
      expect(await ask.textContent()).toContain('Really?')
      await ask.getByLabel('Sure').check()
      await ask.getByRole('button', { name: 'Accept' }).click()
      await card.locator('.result', { hasText: 'answer accept {"sure":true}' }).waitFor({ timeout: 60_000 })
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })
})

describe('red-team L4: one hostile tool does not blank the explorer (mounted in the server)', () => {
  const mounted = () => `${new URL(server.url).origin}/`

  it('a property named addEventListener (or append) leaves the form working', async () => {
    const { page, errors } = await openPage(browser, mounted())
    try {
      const card = page.locator('[id="tool-clobber"]')
      await card.locator('[name=addEventListener]').fill('x')
      await card.locator('[name=append]').fill('y')
      await card.getByRole('button', { name: 'Call' }).click()
      await card.locator('.result', { hasText: 'got {"addEventListener":"x","append":"y"}' }).waitFor()
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('an enum value {"toString":1} is shown as JSON, and the other tools stay', async () => {
    const { page, errors } = await openPage(browser, mounted())
    try {
      const card = page.locator('[id="tool-weird_enum"]')
      expect(await card.locator('select option').allTextContents()).toContain('{"toString":1}')
      await card.locator('select').selectOption({ label: 'plain' })
      await card.getByRole('button', { name: 'Call' }).click()
      await card.locator('.result', { hasText: 'picked {"pick":"plain"}' }).waitFor()
      expect(await page.locator('[id="tool-plain"]').count()).toBe(1)
      expect(errors).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('a javascript: URL of a URL-mode elicitation is not a link', async () => {
    const { page } = await openPage(browser, mounted())
    try {
      const card = page.locator('[id="tool-url_elicit"]')
      await card.getByRole('button', { name: 'Call' }).click()
      const ask = card.locator('form.elicit')
      await ask.waitFor()
      expect(await ask.textContent()).toContain('Not an http(s) link, not opened')
      expect(await ask.locator('a').count()).toBe(0)
      expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0)
    } finally {
      await page.close()
    }
  })
})
