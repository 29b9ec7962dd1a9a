import { describe, expect, it } from 'vitest'
import { pathOf, routeByBody, routeByHeaders } from './route.js'

const id = '0123456789abcdef0123456789abcdef'
const req = (method: string, headers: Record<string, string> = {}, query = '') =>
  new Request(`http://w.test/mcp${query}`, { method, headers })

describe('routeByHeaders', () => {
  it.each([
    { given: req('POST', { 'mcp-session-id': id }), want: { to: 'session', sessionId: id } },
    { given: req('POST', { 'mcp-session-id': ` ${id} ` }), want: { to: 'session', sessionId: id } },
    {
      given: req('GET', { 'mcp-session-id': id, accept: 'text/event-stream' }),
      want: { to: 'session', sessionId: id },
    },
    { given: req('DELETE', { 'mcp-session-id': id }), want: { to: 'session', sessionId: id } },
    { given: req('POST', { 'mcp-session-id': 'nope' }), want: { to: 'local' } },
    { given: req('POST', { 'mcp-session-id': id.toUpperCase() }), want: { to: 'local' } },
    { given: req('POST', {}, `?sessionId=${id}`), want: { to: 'session', sessionId: id } },
    { given: req('POST', {}, '?sessionId=x'), want: { to: 'local' } },
    { given: req('GET', { accept: 'text/event-stream' }), want: { to: 'new-session' } },
    { given: req('GET', { accept: '*/*' }), want: { to: 'new-session' } },
    { given: req('GET', { accept: 'application/json' }), want: { to: 'local' } },
    { given: req('GET'), want: { to: 'local' } },
    { given: req('DELETE'), want: { to: 'local' } },
    { given: req('POST', { 'content-type': 'text/plain' }), want: { to: 'local' } },
    { given: req('POST', { 'content-type': 'application/json; charset=utf-8' }), want: undefined },
  ])('$given.method $given.url → $want', ({ given, want }) => {
    expect(routeByHeaders(given, true)).toEqual(want)
  })

  const modern = { 'content-type': 'application/json', 'mcp-protocol-version': '2026-07-28' }
  it.each([
    { name: 'tools/call', headers: { ...modern, 'mcp-method': 'tools/call' }, want: { to: 'local' } },
    { name: 'padded header', headers: { ...modern, 'mcp-method': ' initialize ' }, want: { to: 'local' } },
    { name: 'listen', headers: { ...modern, 'mcp-method': 'subscriptions/listen' }, want: undefined },
    {
      name: 'padded listen',
      headers: { ...modern, 'mcp-method': ' subscriptions/listen ' },
      want: undefined,
    },
    { name: 'no Mcp-Method', headers: modern, want: undefined },
    {
      name: 'legacy version',
      headers: { ...modern, 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'tools/call' },
      want: undefined,
    },
    {
      name: 'no version',
      headers: { 'content-type': 'application/json', 'mcp-method': 'tools/call' },
      want: undefined,
    },
  ])('routes a POST with 2026-07-28 headers unread when they settle it: $name', ({ headers, want }) => {
    expect(routeByHeaders(req('POST', headers), true)).toEqual(want)
  })

  it('leaves SSE paths to the Worker when legacy SSE is off', () => {
    expect(routeByHeaders(req('GET', { accept: 'text/event-stream' }), false)).toEqual({ to: 'local' })
    expect(
      routeByHeaders(req('POST', { 'content-type': 'application/json' }, `?sessionId=${id}`), false),
    ).toBe(undefined)
  })
})

describe('routeByBody', () => {
  const modernMeta = { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } }
  it.each([
    {
      name: 'legacy initialize',
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} },
      want: 'new-session',
    },
    {
      name: 'modern initialize',
      body: { jsonrpc: '2.0', id: 1, method: 'initialize', params: modernMeta },
      want: 'local',
    },
    { name: 'initialize notification', body: { jsonrpc: '2.0', method: 'initialize' }, want: 'local' },
    {
      name: 'listen',
      body: { jsonrpc: '2.0', id: 2, method: 'subscriptions/listen', params: modernMeta },
      want: 'hub',
    },
    {
      name: 'tools/call',
      body: { jsonrpc: '2.0', id: 3, method: 'tools/call', params: modernMeta },
      want: 'local',
    },
    { name: 'batch', body: [{ jsonrpc: '2.0', id: 1, method: 'initialize' }], want: 'local' },
    { name: 'not JSON', body: undefined, want: 'local' },
  ])('$name → $want', ({ body, want }) => {
    expect(routeByBody(new Headers(), body).to).toBe(want)
  })

  it('treats initialize under a modern version header as modern', () => {
    const headers = new Headers({ 'mcp-protocol-version': '2026-07-28' })
    expect(routeByBody(headers, { jsonrpc: '2.0', id: 1, method: 'initialize' }).to).toBe('local')
  })
})

describe('pathOf', () => {
  it.each([
    'http://w.test/mcp',
    'http://w.test/mcp/',
    'http://w.test',
    'https://w.test:8443/a/b/mcp?sessionId=1#x',
    'http://w.test/mcp#frag?not-a-query',
    'http://w.test/mcp?q=/a#b',
    'http://user:p%40ss@w.test:80/mcp',
    'http://w.test/a b/%7Emcp',
    'http://[::1]:8787/mcp?',
    'http://w.test//mcp',
  ])('%s: as new URL().pathname', (url) => {
    const serialized = new Request(url).url
    expect(pathOf(serialized)).toBe(new URL(serialized).pathname)
  })
})
