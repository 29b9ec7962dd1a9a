import { describe, expect, it } from 'vitest'
import type { OutboundCall } from '../../src/client/middleware.js'
import { ProtocolError } from '../../src/errors/protocol-error.js'
import {
  type ClientInboundCall,
  type ServerOutboundCall,
  useClientMiddleware,
  useMiddleware,
} from '../../src/middleware.js'
import type { InboundCall } from '../../src/server/middleware.js'
import { connect, makeServer, MODERN, text } from './helpers.js'

type Json = Record<string, any>

function server() {
  const s = makeServer()
  s.tool('echo', {}, (args) => ({ content: [{ type: 'text', text: JSON.stringify(args) }] }))
  // What the server receives: each request's params as they came over the wire.
  const received: InboundCall[] = []
  useMiddleware(s, async (c, next) => {
    received.push({ ...c, params: structuredClone(c.params) })
    return next()
  })
  return { s, received }
}

for (const [era, revision] of [
  ['legacy', '2025-11-25'],
  ['modern', MODERN],
] as const) {
  describe(`useClientMiddleware(client, ...middleware), ${era} era`, () => {
    it('runs around every request, outermost first, from the handshake on; its _meta reaches the server', async () => {
      const { s, received } = server()
      const calls: OutboundCall[] = []
      const order: string[] = []
      const c = await connect(s, { protocol: revision }, {}, (client) => {
        useClientMiddleware(
          client,
          async (call, next) => {
            calls.push(call)
            order.push(`outer ${call.method}`)
            call.params._meta.traceparent = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`
            const r = await next()
            order.push(`outer done ${call.method}`)
            return r
          },
          async (call, next) => {
            order.push(`inner ${call.method}`)
            return next()
          },
        )
      })
      const r = await c.client.callTool({ name: 'echo', arguments: { a: 1 } })
      expect(text(r)).toBe('{"a":1}')
      const handshake = era === 'legacy' ? 'initialize' : 'server/discover'
      expect(calls.map((x) => x.method)).toEqual([handshake, 'tools/call'])
      expect(order).toEqual([
        `outer ${handshake}`,
        `inner ${handshake}`,
        `outer done ${handshake}`,
        'outer tools/call',
        'inner tools/call',
        'outer done tools/call',
      ])
      const tool = calls[1]!
      expect(tool).toMatchObject({
        method: 'tools/call',
        era,
        protocolVersion: revision,
        sessionId: undefined,
      })
      expect(typeof tool.id === 'number' || typeof tool.id === 'string').toBe(true)
      const got = received.find((x) => x.method === 'tools/call')!
      expect(got.id).toBe(tool.id)
      expect((got.params._meta as Json).traceparent).toBe(`00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`)
      await c.close()
    })

    it('next() rejects with the server’s ProtocolError; a middleware may refuse before sending', async () => {
      const { s, received } = server()
      const errors: unknown[] = []
      const c = await connect(s, { protocol: revision }, {}, (client) => {
        useClientMiddleware(client, async (call, next) => {
          if (call.params.name === 'forbidden') throw new Error('blocked by policy')
          try {
            return await next()
          } catch (e) {
            errors.push(e)
            throw e
          }
        })
      })
      await expect(c.client.request('nope/nope', {})).rejects.toMatchObject({ code: -32601 })
      expect(errors[0]).toBeInstanceOf(ProtocolError)
      await expect(c.client.callTool({ name: 'forbidden', arguments: {} })).rejects.toThrow(
        'blocked by policy',
      )
      expect(received.some((x) => x.params.name === 'forbidden')).toBe(false)
      await c.close()
    })

    it('an _meta left empty is not sent; closed settles at close(); remove() takes it out', async () => {
      const { s, received } = server()
      const calls: OutboundCall[] = []
      let registration: { remove(): void } | undefined
      const c = await connect(s, { protocol: revision }, {}, (client) => {
        registration = useClientMiddleware(client, async (call, next) => {
          calls.push(call)
          return next()
        })
      })
      await c.client.listTools()
      const list = received.filter((x) => x.method === 'tools/list')
      if (era === 'legacy') expect(list[0]?.params).toEqual({})
      else expect(Object.keys(list[0]?.params._meta as Json)).not.toHaveLength(0)
      registration?.remove()
      await c.client.listTools()
      expect(calls.map((x) => x.method).filter((m) => m === 'tools/list')).toHaveLength(1)
      let closed = false
      void calls[0]?.closed.then(() => {
        closed = true
      })
      await c.close()
      await calls[0]?.closed
      expect(closed).toBe(true)
    })
  })
}

describe('server→client requests of a legacy session: outbound (server) and inbound (client) parts', () => {
  it('run around the request a handler sends and the client’s handler; _meta goes over; remove() takes them out', async () => {
    const s = makeServer()
    const userMeta = { mine: 1 }
    s.tool('ask', {}, async (_args, ctx) => {
      const answer = await ctx.elicit({
        message: 'Name?',
        requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
        _meta: userMeta,
      } as never)
      const roots = await ctx.listRoots().catch((e: unknown) => e)
      return {
        content: [{ type: 'text', text: `${String(answer.content?.who)} ${(roots as ProtocolError).code}` }],
      }
    })
    const order: string[] = []
    const sent: { method: string; idBefore: unknown; idAfter: unknown; session: string; version: string }[] =
      []
    const outer = Object.assign(async (_c: InboundCall, next: () => Promise<Json | undefined>) => next(), {
      outbound: async (call: ServerOutboundCall, next: () => Promise<Json>) => {
        order.push(`outer ${call.method}`)
        if (call.method === 'elicitation/create') call.params._meta.traceparent = 'tp'
        const idBefore = call.id
        try {
          return await next()
        } finally {
          sent.push({
            method: call.method,
            idBefore,
            idAfter: call.id,
            session: call.sessionId,
            version: call.protocolVersion,
          })
        }
      },
    })
    const plain = async (_c: InboundCall, next: () => Promise<Json | undefined>) => next()
    const inner = Object.assign(async (_c: InboundCall, next: () => Promise<Json | undefined>) => next(), {
      outbound: async (call: { method: string }, next: () => Promise<Json>) => {
        order.push(`inner ${call.method}`)
        return next()
      },
    })
    const registration = useMiddleware(s, outer, plain, inner)
    const answered: Json[] = []
    let clientRegistration: { remove(): void } | undefined
    const c = await connect(
      s,
      {
        protocol: '2025-11-25',
        handlers: {
          elicit: async (params) => {
            answered.push({ handlerMeta: (params as Json)._meta })
            return { action: 'accept', content: { who: 'Ada' } }
          },
          listRoots: async () => ({ roots: [] }),
        },
      },
      {},
      (client) => {
        clientRegistration = useClientMiddleware(
          client,
          Object.assign(async (_c: OutboundCall, next: () => Promise<Json>) => next(), {
            inbound: async (call: ClientInboundCall, next: () => Promise<Json>) => {
              answered.push({ ...call, params: structuredClone(call.params) })
              if (call.method === 'roots/list') throw new ProtocolError(-32042, 'no roots for you')
              return next()
            },
          }),
        )
      },
    )
    const r = await c.client.callTool({ name: 'ask', arguments: {} })
    expect(text(r)).toBe('Ada -32042')
    expect(order).toEqual([
      'outer elicitation/create',
      'inner elicitation/create',
      'outer roots/list',
      'inner roots/list',
    ])
    // The id is the session's, known once the request is sent.
    for (const x of sent) {
      expect(x.idBefore).toBeUndefined()
      expect(x.idAfter).toEqual(expect.stringMatching(/^[0-9a-f]{8}-\d+$/))
      expect(x).toMatchObject({ session: expect.any(String), version: '2025-11-25' })
    }
    const [elicitCall, handler, rootsCall] = answered as Json[]
    expect(elicitCall).toMatchObject({
      method: 'elicitation/create',
      id: sent[0]!.idAfter,
      era: 'legacy',
      protocolVersion: '2025-11-25',
      params: { message: 'Name?', _meta: { mine: 1, traceparent: 'tp' } },
    })
    expect(handler).toEqual({ handlerMeta: { mine: 1, traceparent: 'tp' } })
    // The user's own _meta object is not changed; an _meta left empty is not sent.
    expect(userMeta).toEqual({ mine: 1 })
    expect(rootsCall).toMatchObject({ method: 'roots/list', id: sent[1]!.idAfter, params: {} })
    expect(rootsCall!.params).not.toHaveProperty('_meta')

    registration.remove()
    clientRegistration?.remove()
    order.length = 0
    answered.length = 0
    const again = await c.client.callTool({ name: 'ask', arguments: {} })
    expect(text(again)).toMatch(/^Ada /)
    expect(order).toEqual([])
    expect(answered).toEqual([{ handlerMeta: { mine: 1 } }])
    await c.close()
  })
})
