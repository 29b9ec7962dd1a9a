import { describe, expect, it } from 'vitest'
import { DevServerRestartedError, unlessRestarted } from './restarts.js'

describe('unlessRestarted', () => {
  it('says "dev server restarted" for a failure seen while the Worker reloaded, the failure as its cause', async () => {
    const dev = { count: 0, reloads: () => dev.count }
    const finding = new Error('status 503')
    const run = unlessRestarted(dev, async () => {
      dev.count += 2
      throw finding
    })
    await expect(run).rejects.toBeInstanceOf(DevServerRestartedError)
    await expect(run).rejects.toMatchObject({
      restarts: 2,
      cause: finding,
      message:
        'dev server restarted (wrangler reloaded the Worker 2× during the run): not a finding; the failure: status 503',
    })
  })

  it('lets a failure without a reload through as it is, and a success with or without one', async () => {
    const dev = { count: 3, reloads: () => dev.count }
    const finding = new Error('a finding')
    await expect(unlessRestarted(dev, () => Promise.reject(finding))).rejects.toBe(finding)
    await expect(unlessRestarted(dev, () => 'fine')).resolves.toBe('fine')
    await expect(
      unlessRestarted(dev, () => {
        dev.count++
        return 'fine'
      }),
    ).resolves.toBe('fine')
  })
})
