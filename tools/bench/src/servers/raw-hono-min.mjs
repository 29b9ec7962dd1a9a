// Minimal hard-wired ceiling: Hono on @hono/node-server answering each method with a fixed JSON-RPC result
// (see rawHonoMinimalApp). Cheaper than raw-hono.mjs, which sends the result fields a conforming server must.
import { randomUUID } from 'node:crypto'
import { createAdaptorServer } from '@hono/node-server'
import { running } from './contract.mjs'
import { listenOnLoopback } from './listen.mjs'
import { rawHonoMinimalApp } from './raw-app.mjs'

/** @type {import('./contract.mjs').StartFn} */
export async function start({ toolset }) {
  const id = randomUUID()
  const app = rawHonoMinimalApp({ toolset, sessionId: () => id })
  const server = /** @type {import('node:http').Server} */ (createAdaptorServer({ fetch: app.fetch }))
  return running(server, await listenOnLoopback(server))
}
