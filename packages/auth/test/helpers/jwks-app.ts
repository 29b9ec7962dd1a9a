import { Hono } from 'hono'
import type { Jwk } from '../../src/algorithms.js'

/** A JWKS endpoint on a local Hono app, reachable through `fetch` (no network), counting its hits. */
export function jwksApp(initial: Jwk[], cacheControl = 'public, max-age=300') {
  const state = { keys: initial, cacheControl, hits: 0, status: 200 }
  const app = new Hono()
  app.get('/jwks.json', (c) => {
    state.hits++
    if (state.status !== 200) return c.text('down', state.status as 503)
    return c.json({ keys: state.keys }, 200, { 'Cache-Control': state.cacheControl })
  })
  const fetch = (input: string, init?: RequestInit) => Promise.resolve(app.fetch(new Request(input, init)))
  return { state, fetch, url: 'https://auth.example.com/jwks.json' }
}
