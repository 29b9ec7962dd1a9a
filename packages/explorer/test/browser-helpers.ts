import { launchChromium } from '@edgemcp/test-helpers/browser'
import type { Browser, Page } from 'playwright-core'

export const launch = (): Promise<Browser> => launchChromium()

/** A page that records its script errors and console errors (CSP reports land there too). */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(url)
  await page.locator('#status', { hasText: 'Connected.' }).waitFor({ timeout: 60_000 })
  return { page, errors }
}
