import { it } from 'vitest'
import { startExplorerProxy } from '../src/node/proxy.js'
import { startAppsServer } from './apps-server.js'
import { launch } from './browser-helpers.js'
it('scratch', async () => {
  const browser = await launch()
  const server = await startAppsServer()
  const proxy = await startExplorerProxy({ url: new URL('/mcp', server.url).href })
  const page = await browser.newPage()
  page.on('console', (m) =>
    console.log('CONSOLE', Date.now() % 100000, m.location().url.slice(0, 30), m.text().slice(0, 120)),
  )
  page.on('framenavigated', (f) => console.log('NAV', Date.now() % 100000, f.url().slice(0, 80)))
  await page.goto(proxy.url)
  await page.locator('#status', { hasText: 'Connected.' }).waitFor()
  for (const tool of (process.env.TOOLS ?? 'escape').split(',')) {
    const card = page.locator(`[id="tool-${tool}"]`)
    await card.getByRole('button', { name: 'Call' }).click()
    await new Promise((r) => setTimeout(r, 4000))
    console.log('LOG', await card.locator('.app-log').textContent())
  }
  console.log(
    'EVENTS',
    server.events,
    page.url(),
    page.frames().map((f) => f.url()),
  )
  await proxy.close()
  await server.close()
  await browser.close()
}, 60000)
