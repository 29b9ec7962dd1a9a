import type { Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { buildWorker, OURS } from '../../scripts/worker-bundle.mjs'

/**
 * What the Worker bundle carries of our packages (the entry `npm run size` measures, built as wrangler would):
 * the transports' fetch cores only. Hono, the direct node:http SSE path and the in-memory default stores
 * belong to other paths (the Hono apps, Node, the stand-alone handlers) and must stay out of it.
 */
async function workerBundle(): Promise<{ inputs: string[]; code: string }> {
  const root = `${import.meta.dirname}/../..`
  const result = await buildWorker({ ...OURS, absWorkingDir: root })
  const meta: Metafile = result.metafile
  const inputs = Object.values(meta.outputs).flatMap((o) =>
    Object.entries(o.inputs)
      .filter(([, { bytesInOutput }]) => bytesInOutput > 0)
      .map(([path]) => path),
  )
  return { inputs, code: result.outputFiles[0]?.text ?? '' }
}

describe('the Worker bundle', () => {
  it('carries no hono, no Node-only SSE code and no in-memory default stores', async () => {
    const { inputs, code } = await workerBundle()
    expect(inputs.some((p) => p.includes('streamable-http/dist/endpoint.js'))).toBe(true) // measured what we meant
    expect(inputs.filter((p) => /node_modules\/hono\//.test(p))).toEqual([])
    expect(
      inputs.filter((p) =>
        /(node-sse-connection|node-outgoing|sse-keep-alive|default-stores|sse-sessions|handler)\.js$/.test(p),
      ),
    ).toEqual([])
    // The event id helpers of event-store.js serve SqlEventStore; the in-memory stores themselves stay out.
    expect(inputs.filter((p) => p.endsWith('streamable-http/dist/session-store.js'))).toEqual([])
    expect(code).not.toMatch(/\.maxStreams\b|Session evicted/)
  })
})
