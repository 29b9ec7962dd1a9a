import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { RunningServer } from '@edgemcp/streamable-http/node'
import { startWranglerDev, type WranglerDev } from '@edgemcp/tools-wrangler-dev'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch } from './browser-helpers.js'
import { startNodeServer } from './node-server.js'

/**
 * A person's path through the explorer, in Debian's Chromium (`.ci/run` installs it): against a Node server
 * and against the sample Worker under `wrangler dev`, on a desktop window and on a 390×844 touch screen.
 * Everything waits for what the page shows (no sleeps); screenshots go to test-artifacts/ (gitignored).
 */
const ARTIFACTS = fileURLToPath(new URL('../test-artifacts/', import.meta.url))
const SAMPLE = fileURLToPath(new URL('../../../apps/worker-server/', import.meta.url))

let browser: Browser
beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true })
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

const viewports = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
} as const

/** Presses a button as the device would: a tap on the phone, a click on the desktop. */
const press = (button: Locator, touch: boolean) => (touch ? button.tap() : button.click())

/** The PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) })

/** Checks a result is visible and has text, then saves a screenshot of the page and checks it has pixels. */
async function shoot(page: Page, result: Locator, name: string) {
  await expect.poll(() => result.isVisible()).toBe(true)
  expect((await result.textContent())?.trim()).toBeTruthy()
  const png = await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: false })
  const shot = await result.screenshot({ path: `${ARTIFACTS}${name}-result.png` })
  expect(pngSize(png).width).toBeGreaterThan(0)
  expect(pngSize(shot).height).toBeGreaterThan(0)
}

/** Waits until `locator`'s text matches (the page fills results asynchronously). */
const textOf = async (locator: Locator, match: RegExp) => {
  await locator.filter({ hasText: match }).first().waitFor({ state: 'visible', timeout: 30_000 })
  return (await locator.textContent()) ?? ''
}

async function personsPath(context: BrowserContext, base: string, label: string, touch: boolean) {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('request', (r) => {
    if (!r.url().startsWith(base)) errors.push(`request elsewhere: ${r.url()}`)
  })
  await page.goto(`${base}/`)
  await page.locator('#status', { hasText: 'Connected.' }).waitFor()
  await page.locator('#tool-calculate').waitFor()
  expect(await page.locator('#tools article.tool').count()).toBeGreaterThanOrEqual(4)
  await shoot(page, page.locator('#tools'), `${label}-1-tools`)

  // Nothing wider than the screen (a phone must not scroll sideways).
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(viewports[touch ? 'phone' : 'desktop'].viewport.width)

  // Fill a form and call calculate.
  const calc = page.locator('#tool-calculate')
  await calc.locator('[name=expression]').fill('(2 + 3) * 4')
  await press(calc.getByRole('button', { name: 'Call' }), touch)
  const calcResult = calc.locator('.result')
  expect(await textOf(calcResult, /20/)).toContain('"value": 20')
  await shoot(page, calcResult, `${label}-2-calculate`)

  // long_task: the page logs every progress update it received, in order.
  const long = page.locator('#tool-long_task')
  await long.locator('[name=steps]').fill('3')
  await long.locator('[name=delayMs]').fill('100')
  await press(long.getByRole('button', { name: 'Call' }), touch)
  const longResult = long.locator('.result')
  await textOf(longResult, /Done: 3 steps/)
  expect(await long.locator('.progress-log li').allTextContents()).toEqual([
    '1 / 3 — step 1 of 3',
    '2 / 3 — step 2 of 3',
    '3 / 3 — step 3 of 3',
  ])
  await shoot(page, longResult, `${label}-3-long-task`)

  // Add a note, read it through the template, delete it through the elicitation form.
  const add = page.locator('#tool-add_note')
  await add.locator('[name=title]').fill(`browser ${label}`)
  await add.locator('[name=body]').fill('written from the explorer')
  await press(add.getByRole('button', { name: 'Call' }), touch)
  const added = await textOf(add.locator('.result'), /Added note:\/\/\d+/)
  const id = /note:\/\/(\d+)/.exec(added)?.[1] as string

  const template = page.locator('#template-note')
  await template.locator('[name=id]').fill(id)
  await press(template.getByRole('button', { name: 'Read' }), touch)
  const read = template.locator('.result')
  expect(await textOf(read, /written from the explorer/)).toContain(`# browser ${label}`)
  await shoot(page, read, `${label}-4-resource`)

  const del = page.locator('#tool-delete_note')
  await del.locator('[name=id]').fill(id)
  await press(del.getByRole('button', { name: 'Call' }), touch)
  const ask = del.locator('form.elicit')
  await ask.waitFor()
  expect(await ask.textContent()).toContain(`Delete "browser ${label}"`)
  await shoot(page, ask, `${label}-5-elicitation`)
  await ask.getByLabel('Delete it').check()
  await press(ask.getByRole('button', { name: 'Accept' }), touch)
  const deleted = del.locator('.result')
  await textOf(deleted, new RegExp(`Deleted note://${id}`))
  await shoot(page, deleted, `${label}-6-deleted`)

  // Get a prompt with its argument.
  const prompt = page.locator('#prompt-draft_note')
  await prompt.locator('[name=subject]').fill('idea')
  await press(prompt.getByRole('button', { name: 'Get' }), touch)
  const got = prompt.locator('.result')
  expect(await textOf(got, /idea/)).toMatch(/user:/)
  await shoot(page, got, `${label}-7-prompt`)

  // The snippets name this server's endpoint.
  expect(await page.locator('#snippets').textContent()).toContain(
    `npx edgemcp-codegen ${base}/mcp -o client.ts`,
  )
  expect(errors).toEqual([])
  await page.close()
}

function suite(name: string, start: () => Promise<{ url: string; stop: () => Promise<void> }>) {
  describe(`the explorer against ${name}`, () => {
    let server: { url: string; stop: () => Promise<void> }
    beforeAll(async () => {
      server = await start()
    })
    afterAll(async () => {
      await server?.stop()
    })
    for (const [device, options] of Object.entries(viewports))
      it(`a person's path on a ${device}`, async () => {
        const context = await browser.newContext(options)
        try {
          await personsPath(context, server.url, `${name}-${device}`, device === 'phone')
        } finally {
          await context.close()
        }
      })
  })
}

suite('node', async () => {
  const running: RunningServer = await startNodeServer()
  return { url: running.url, stop: () => running.close() }
})

suite('workers', async () => {
  const dev: WranglerDev = await startWranglerDev({ cwd: SAMPLE, vars: { MCP_MRTR_SECRET: 'browser-test' } })
  return { url: dev.url, stop: () => dev.stop() }
})
