import type { JsonRpcMessage } from '@edgemcp/core'
import type { StreamableHttpClientTransportOptions } from '../src/client/options.js'
import { StreamableHttpClientTransport } from '../src/client/transport.js'
import { type Json, modernMeta } from './helpers.js'

/** A minimal JSON-RPC peer over the client transport: correlates responses, records everything else. */
export function httpPeer(url: string, options: StreamableHttpClientTransportOptions = {}) {
  const transport = new StreamableHttpClientTransport(url, options)
  const waiting = new Map<string | number, (m: Json) => void>()
  const received: Json[] = []
  const errors: Error[] = []
  const listeners = new Set<(m: Json) => void>()
  let answer: ((request: Json) => Json | undefined) | undefined
  transport.onerror = (e) => errors.push(e)
  transport.onmessage = (value) => {
    const m = value as Json
    received.push(m)
    for (const l of listeners) l(m)
    if ('method' in m && 'id' in m && answer) {
      const result = answer(m)
      if (result) void transport.send({ jsonrpc: '2.0', id: m.id, result } as JsonRpcMessage)
    } else if (!('method' in m)) waiting.get(m.id)?.(m)
  }
  let next = 1
  const request = async (method: string, params?: Json, id: string | number = next++): Promise<Json> => {
    const p = new Promise<Json>((resolve) => waiting.set(id, resolve))
    await transport.send({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) } as JsonRpcMessage)
    return p
  }
  return {
    transport,
    received,
    errors,
    request,
    modern: (method: string, params: Json = {}, id?: string | number) =>
      request(method, { ...params, _meta: modernMeta(params._meta) }, id),
    notify: (method: string, params?: Json) =>
      transport.send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) } as JsonRpcMessage),
    answerWith(fn: (request: Json) => Json | undefined) {
      answer = fn
    },
    /** The next received message matching `pred` (`timeoutMs` is a hang guard, never a verdict). */
    waitFor(pred: (m: Json) => boolean, timeoutMs = 20_000): Promise<Json> {
      const seen = received.find(pred)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const t = setTimeout(() => reject(new Error('timed out')), timeoutMs)
        const l = (m: Json) => {
          if (!pred(m)) return
          clearTimeout(t)
          listeners.delete(l)
          resolve(m)
        }
        listeners.add(l)
      })
    },
    async initialize(version = '2025-11-25', capabilities: Json = {}) {
      const init = await request('initialize', {
        protocolVersion: version,
        capabilities,
        clientInfo: { name: 'peer', version: '1' },
      })
      transport.setProtocolVersion(init.result.protocolVersion)
      await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' })
      return init
    },
  }
}
