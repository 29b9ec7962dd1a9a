import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { nodeOutgoingOf } from './node-outgoing.js'

/** What nodeOutgoingOf sees in `c.env` when the app is called with `env`. */
async function detect(env: unknown): Promise<boolean> {
  const app = new Hono()
  app.get('/', (c) => c.text(nodeOutgoingOf(c) ? 'node' : 'web'))
  const res = await app.request('/', {}, env as object)
  return (await res.text()) === 'node'
}

const fn = () => {}
const outgoing = (extra: object = {}) => ({
  writeHead: fn,
  write: fn,
  end: fn,
  on: fn,
  once: fn,
  headersSent: false,
  writableEnded: false,
  ...extra,
})

describe('nodeOutgoingOf', () => {
  it('finds the untouched node:http response @hono/node-server puts in c.env', async () => {
    expect(await detect({ incoming: {}, outgoing: outgoing() })).toBe(true)
  })

  it('is undefined on other runtimes and for anything that is not a fresh response', async () => {
    expect(await detect(undefined)).toBe(false)
    expect(await detect({ KV: {}, DB: {} })).toBe(false) // Workers bindings
    expect(await detect({ outgoing: outgoing() })).toBe(false) // no incoming beside it
    expect(await detect({ incoming: {}, outgoing: 'x' })).toBe(false)
    expect(await detect({ incoming: {}, outgoing: outgoing({ once: undefined }) })).toBe(false)
    expect(await detect({ incoming: {}, outgoing: outgoing({ headersSent: true }) })).toBe(false)
    expect(await detect({ incoming: {}, outgoing: outgoing({ writableEnded: true }) })).toBe(false)
  })
})
