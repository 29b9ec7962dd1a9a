import { afterAll, beforeAll } from 'vitest'
import { type FleetOptions, type RunningFleet, startFleet } from '../src/launch.js'

/**
 * A fleet for the test file: Redis, three instance processes (the built dist: turbo builds before `test`) and
 * the round-robin proxy on a free port; stopped after the file.
 */
export function fleetForFile(options: FleetOptions = {}) {
  let fleet: RunningFleet | undefined
  beforeAll(async () => {
    fleet = await startFleet(options)
  }, 60_000)
  afterAll(async () => {
    await fleet?.stop()
  }, 30_000)
  return {
    get fleet(): RunningFleet {
      if (!fleet) throw new Error('fleet not started')
      return fleet
    },
  }
}
