import { connect } from 'node:net'
import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { createMcpHandler } from '../src/handler.js'
import { headersOf } from '../src/header-reader.js'
import { type RunningServer, serve } from '../src/node.js'
import { makeServer, postInit } from './helpers.js'
import { openSession, REV } from './node-sse-helpers.js'

// serve() reads a request's headers from what node:http parsed (issue 30). These tests hold it to what the
// request's own `Headers` answer, over real sockets, and to every way a user may change the request first.

let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** One HTTP/1.1 request written byte for byte (repeated and oddly spaced fields as sent), its answer read. */
function rawRequest(url: string, lines: string[], body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(url)
  const head = [...lines, `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close']
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) })
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('error', reject)
    socket.on('end', () => {
      const [top = '', ...rest] = text.split('\r\n\r\n')
      const [statusLine = '', ...fields] = top.split('\r\n')
      const headers: Record<string, string> = {}
      for (const f of fields) {
        const i = f.indexOf(':')
        headers[f.slice(0, i).toLowerCase()] = f.slice(i + 1).trim()
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') })
    })
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
  })
}

const hostLine = (url: string) => `Host: ${new URL(url).host}`

const NAMES = [
  'content-type',
  'accept',
  'mcp-session-id',
  'x-empty',
  'x-tabbed',
  'user-agent',
  'cookie',
  'set-cookie',
  'constructor',
  '__proto__',
  'absent',
]

describe("serve()'s header reader answers as the request's Headers do", () => {
  it('repeated, mixed-case, padded and empty fields, and names an object answers from its prototype', async () => {
    running = await serve({
      fetch: (request: Request) => {
        const reader = headersOf(request)
        return Response.json({
          attached: reader !== request.headers,
          read: NAMES.map((n) => [n, reader.get(n), reader.has(n)]),
          fetch: NAMES.map((n) => [n, request.headers.get(n), request.headers.has(n)]),
        })
      },
    })
    const answer = await rawRequest(running.url, [
      'POST / HTTP/1.1',
      hostLine(running.url),
      'Content-Type: application/json',
      'content-type:   text/plain  ',
      'Accept: application/json',
      'ACCEPT: text/event-stream',
      'Mcp-Session-Id:  abc ',
      'X-Empty:',
      'X-Tabbed:\tvalue\t',
      'User-Agent: one',
      'user-agent: two',
      'Cookie: a=1',
      'Cookie: b=2',
      'Set-Cookie: x=1',
      'Set-Cookie: y=2',
      'Constructor: c',
    ])
    expect(answer.status).toBe(200)
    const { attached, read, fetch } = JSON.parse(answer.body)
    expect(attached).toBe(true)
    expect(read).toEqual(fetch)
    // What Fetch answers, so that the comparison above means something.
    const byName = Object.fromEntries(fetch.map(([n, v]: [string, string | null]) => [n, v]))
    expect(byName['content-type']).toBe('application/json, text/plain')
    expect(byName.accept).toBe('application/json, text/event-stream')
    expect(byName['mcp-session-id']).toBe('abc')
    expect(byName['user-agent']).toBe('one, two')
    expect(byName['x-empty']).toBe('')
    expect(byName.absent).toBeNull()
  })

  it('a change made in place, and a request made anew, are read as they are', async () => {
    running = await serve({
      fetch: (request: Request) => {
        const before = headersOf(request) !== request.headers
        request.headers.set('x-added', 'yes')
        const changed = headersOf(request)
        const anew = new Request(request.url, { headers: { 'x-new': '1' } })
        return Response.json({
          before,
          detached: changed === request.headers,
          added: changed.get('x-added'),
          anew: headersOf(anew) === anew.headers,
        })
      },
    })
    const res = await fetch(running.url)
    expect(await res.json()).toEqual({ before: true, detached: true, added: 'yes', anew: true })
  })
})

const ACCEPT_BOTH = 'Accept: application/json, text/event-stream'
const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
})
const ADD_CALL = {
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name: 'add', arguments: { a: 20, b: 22 } },
}

describe('the endpoint on serve() reads repeated fields as Fetch joins them', () => {
  it('a repeated Content-Type is refused as a Fetch runtime refuses it; a repeated Accept is joined', async () => {
    const mcp = createMcpHandler(makeServer())
    running = await serve(mcp)
    const lines = (...extra: string[]) => ['POST / HTTP/1.1', hostLine(running!.url), ...extra]
    // node:http alone keeps the first Content-Type (JSON); Fetch joins both, which is no JSON media type.
    const twice = ['Content-Type: application/json', 'Content-Type: text/plain', ACCEPT_BOTH]
    const overNode = await rawRequest(running.url, lines(...twice), initialize)
    const reference = await mcp.request('/', {
      method: 'POST',
      headers: new Headers(twice.map((l) => l.split(': ') as [string, string])),
      body: initialize,
    })
    expect(reference.status).toBe(415)
    expect(overNode.status).toBe(reference.status)

    const joined = await rawRequest(
      running.url,
      lines('Content-Type: application/json', 'Accept: application/json', 'Accept: text/event-stream'),
      initialize,
    )
    expect(joined.status).toBe(200)
    expect(joined.headers['mcp-session-id']).toMatch(/^[0-9a-f]{32}$/)
  })

  it('a repeated Host is refused by the loopback Host check, as the joined value is no host', async () => {
    running = await serve(createMcpHandler(makeServer()))
    const url = running.url
    const ok = await rawRequest(
      url,
      ['POST / HTTP/1.1', hostLine(url), 'Content-Type: application/json', ACCEPT_BOTH],
      initialize,
    )
    expect(ok.status).toBe(200)
    const twice = await rawRequest(
      url,
      ['POST / HTTP/1.1', hostLine(url), 'Host: evil.example', 'Content-Type: application/json', ACCEPT_BOTH],
      initialize,
    )
    expect([400, 403]).toContain(twice.status)
  })
})

describe('the endpoint on serve() reads what middleware changed', () => {
  const tools = (headers: Record<string, string>) =>
    postInit(ADD_CALL, { 'MCP-Protocol-Version': REV, ...headers })

  it('a session id set by middleware (from a cookie) names the session', async () => {
    const app = new Hono()
    app.use('*', async (c, next) => {
      const sid = /(?:^|; )sid=([^;]+)/.exec(c.req.header('cookie') ?? '')?.[1]
      if (sid !== undefined) c.req.raw.headers.set('Mcp-Session-Id', sid)
      await next()
    })
    app.route('/', createMcpHandler(makeServer()))
    running = await serve(app)
    const { id } = await openSession(`${running.url}/`)
    const res = await fetch(`${running.url}/`, tools({ Cookie: `sid=${id}` }))
    expect(res.status).toBe(200)
    expect((await res.json()).result.content[0].text).toBe('42')
    // The cookie is what named it: a wrong one names no session.
    const wrong = await fetch(`${running.url}/`, tools({ Cookie: `sid=${'0'.repeat(32)}` }))
    expect(wrong.status).toBe(404)
  })

  it('an Origin set or removed by middleware is the one checked', async () => {
    const app = new Hono()
    app.use('*', async (c, next) => {
      if (c.req.header('x-strip-origin')) c.req.raw.headers.delete('origin')
      if (c.req.header('x-forge-origin')) c.req.raw.headers.append('Origin', 'https://evil.example')
      await next()
    })
    app.route('/', createMcpHandler(makeServer()))
    running = await serve(app)
    const url = `${running.url}/`
    const { headers } = await openSession(url)
    const evil = { Origin: 'https://evil.example' }
    expect((await fetch(url, tools({ ...headers, ...evil }))).status).toBe(403)
    expect((await fetch(url, tools({ ...headers, ...evil, 'x-strip-origin': '1' }))).status).toBe(200)
    expect((await fetch(url, tools({ ...headers, 'x-forge-origin': '1' }))).status).toBe(403)
  })

  it('a request made anew and handed on with the same env is read from its own headers', async () => {
    const mcp = createMcpHandler(makeServer())
    const app = new Hono()
    // A path alias that names the session in its path, as a proxy in front of the endpoint might.
    app.post('/s/:id', async (c) => {
      const headers = new Headers(c.req.raw.headers)
      headers.set('mcp-session-id', c.req.param('id'))
      const url = new URL(c.req.url)
      url.pathname = '/'
      return mcp.fetch(new Request(url, { method: 'POST', headers, body: await c.req.text() }), c.env)
    })
    app.route('/', mcp)
    running = await serve(app)
    const { id } = await openSession(`${running.url}/`)
    const res = await fetch(`${running.url}/s/${id}`, tools({}))
    expect(res.status).toBe(200)
    expect((await res.json()).result.content[0].text).toBe('42')
  })
})
