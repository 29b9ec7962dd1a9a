import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { type RunningServer, serve } from '../src/node.js'
import { makeServer } from './helpers.js'

let running: RunningServer
beforeAll(async () => {
  running = await serve(createMcpHandler(makeServer(), { maxBodyBytes: 1024 * 1024 }))
})
afterAll(() => running.close())

const ACCEPT = 'application/json, text/event-stream'
const big = (size: number, first = 0x5b) => {
  const b = new Uint8Array(size).fill(0x20)
  b[0] = first
  return b
}

describe('refusals of large bodies over loopback HTTP', () => {
  it.each([
    ['415 (Content-Type)', { 'Content-Type': 'text/plain', Accept: ACCEPT }, big(3_000_000), 415],
    ['406 (Accept)', { 'Content-Type': 'application/json', Accept: 'text/html' }, big(3_000_000), 406],
    ['413 (Content-Length)', { 'Content-Type': 'application/json', Accept: ACCEPT }, big(3_000_000), 413],
    ['400 (invalid UTF-8)', { 'Content-Type': 'application/json', Accept: ACCEPT }, big(700_000, 0xff), 400],
    [
      '403 (Origin)',
      { 'Content-Type': 'application/json', Accept: ACCEPT, Origin: 'https://evil.example' },
      big(3_000_000),
      403,
    ],
  ])(
    '%s arrives with its JSON-RPC error, never a reset connection',
    async (_label, headers, body, status) => {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${running.url}/`, { method: 'POST', headers, body })
        expect(res.status).toBe(status)
        expect((await res.json()).error.code).toBeLessThan(0)
      }
    },
  )
})
