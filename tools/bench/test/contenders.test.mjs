// Every contender answers every workload it claims, in-process (no autocannon): the same checks the
// harness runs before measuring.
import { afterEach, describe, expect, it } from 'vitest'
import { prepareLoad } from '../src/mcp-client.mjs'
import { CONTENDERS } from '../src/servers/index.mjs'
import { TOOL_COUNT } from '../src/servers/tools.mjs'
import { WORKLOADS } from '../src/workloads.mjs'

/** @type {Array<() => Promise<void>>} */
const cleanup = []
afterEach(async () => {
  for (const close of cleanup.splice(0)) await close()
})

for (const c of CONTENDERS) {
  describe(c.label, () => {
    for (const w of WORKLOADS.filter((w) => c.modes.includes(w.mode))) {
      it(`answers workload ${w.id} correctly`, async () => {
        /** @type {{ start: import('../src/servers/contract.mjs').StartFn }} */
        const mod = await import(new URL(`../src/servers/${c.file}`, import.meta.url).href)
        const server = await mod.start({ mode: w.mode, toolset: w.toolset })
        cleanup.push(server.close)
        const url = `http://127.0.0.1:${server.port}/mcp`
        const { req } = await prepareLoad(url, w, c.version, TOOL_COUNT)
        expect(JSON.parse(req.body).method).toBe(w.method)
      })
    }
  })
}
