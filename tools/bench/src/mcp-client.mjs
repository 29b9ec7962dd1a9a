// Minimal MCP client for the harness: builds the load request (headers + body template) per workload,
// performs the legacy handshake, reads JSON or SSE responses and checks that answers are real.
import { SESSION_REQUEST_VERSION } from './workloads.mjs'

/** The load body's JSON-RPC id is this string; the load generator puts a unique number there per request. */
export const ID_TOKEN = '[<id>]'
const CLIENT_INFO = { name: 'edgemcp-bench', version: '0.0.0' }
/** First revision without initialize, where each request carries its version in `_meta`. */
const MODERN = '2026-07-28'

/** @typedef {{ headers: Record<string, string>, body: string }} LoadRequest */
/** @typedef {{ version: string, sessionId?: string }} Peer  version = MCP-Protocol-Version to send */

/**
 * The request autocannon repeats, with ID_TOKEN where the JSON-RPC id goes.
 * @param {import('./workloads.mjs').Workload} workload
 * @param {Peer} peer
 * @param {string} text  what the echo tool must return
 * @returns {LoadRequest}
 */
export function buildLoadRequest(workload, peer, text) {
  const modern = peer.sessionId === undefined && peer.version >= MODERN
  /** @type {Record<string, unknown>} */
  const params = workload.method === 'tools/call' ? { name: 'echo', arguments: { text } } : {}
  /** @type {Record<string, string>} */
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': peer.version,
  }
  if (peer.sessionId !== undefined) headers['mcp-session-id'] = peer.sessionId
  if (modern) {
    params._meta = {
      'io.modelcontextprotocol/protocolVersion': peer.version,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    }
    headers['mcp-method'] = workload.method
    if (workload.method === 'tools/call') headers['mcp-name'] = 'echo'
  }
  return { headers, body: JSON.stringify({ jsonrpc: '2.0', id: ID_TOKEN, method: workload.method, params }) }
}

/**
 * Reads one JSON-RPC message with the given id from a JSON or SSE response.
 * @param {Response} res
 * @param {string | number} id
 * @returns {Promise<any>}
 */
export async function readRpcResponse(res, id) {
  const type = res.headers.get('content-type') ?? ''
  if (!res.ok) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`)
  if (type.includes('application/json')) return JSON.parse(await res.text())
  if (!type.includes('text/event-stream') || res.body === null)
    throw new Error(`unexpected content-type "${type}"`)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (value !== undefined) buffer += value
      const found = findSseMessage(buffer, id)
      if (found !== undefined) return found
      if (done) throw new Error(`SSE stream ended without a response to id ${id}`)
    }
  } finally {
    void reader.cancel().catch(() => {})
  }
}

/**
 * @param {string} text  SSE stream text so far
 * @param {string | number} id
 */
export function findSseMessage(text, id) {
  for (const event of text.split(/\r?\n\r?\n/).slice(0, -1)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n')
    if (data === '') continue
    const msg = JSON.parse(data)
    if (msg && msg.id === id) return msg
  }
  return undefined
}

/**
 * Sends the load request once with a concrete id and returns the JSON-RPC message.
 * @param {string} url
 * @param {LoadRequest} req
 * @param {string} id
 */
export async function sendOnce(url, req, id) {
  const res = await fetch(url, {
    method: 'POST',
    headers: req.headers,
    body: req.body.replace(JSON.stringify(ID_TOKEN), JSON.stringify(id)),
  })
  return readRpcResponse(res, id)
}

/**
 * Legacy handshake: initialize (asking 2025-11-25), then notifications/initialized.
 * @param {string} url
 * @returns {Promise<Required<Peer>>}
 */
export async function openSession(url) {
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  const init = {
    jsonrpc: '2.0',
    id: 'init',
    method: 'initialize',
    params: { protocolVersion: SESSION_REQUEST_VERSION, capabilities: {}, clientInfo: CLIENT_INFO },
  }
  const res = await fetch(url, { method: 'POST', headers: base, body: JSON.stringify(init) })
  const sessionId = res.headers.get('mcp-session-id')
  const msg = await readRpcResponse(res, 'init')
  const version = msg?.result?.protocolVersion
  if (typeof version !== 'string') throw new Error(`initialize failed: ${JSON.stringify(msg).slice(0, 300)}`)
  if (sessionId === null) throw new Error('initialize answered without an Mcp-Session-Id header')
  const headers = { ...base, 'mcp-session-id': sessionId, 'mcp-protocol-version': version }
  const note = { jsonrpc: '2.0', method: 'notifications/initialized' }
  const ack = await fetch(url, { method: 'POST', headers, body: JSON.stringify(note) })
  await ack.arrayBuffer()
  if (ack.status !== 202 && ack.status !== 200)
    throw new Error(`notifications/initialized got HTTP ${ack.status}`)
  return { sessionId, version }
}

/**
 * Throws unless `msg` is the correct answer for the workload.
 * @param {import('./workloads.mjs').Workload} workload
 * @param {any} msg
 * @param {string} text  expected echo
 * @param {number} toolCount  expected tools/list length
 */
export function checkAnswer(workload, msg, text, toolCount) {
  const result = msg?.result
  const brief = () => JSON.stringify(msg).slice(0, 300)
  if (result === undefined) throw new Error(`no result: ${brief()}`)
  if (workload.method === 'tools/call') {
    const first = result.content?.[0]
    if (result.isError || first?.type !== 'text' || first.text !== text)
      throw new Error(`wrong echo: ${brief()}`)
    return
  }
  const tools = result.tools
  if (!Array.isArray(tools) || tools.length !== toolCount)
    throw new Error(`expected ${toolCount} tools: ${brief()}`)
  const names = new Set(tools.map((t) => t?.name))
  const bad = tools.find((t) => Object.keys(t?.inputSchema?.properties ?? {}).length !== 5)
  if (names.size !== toolCount || bad !== undefined)
    throw new Error(`malformed tools: ${JSON.stringify(bad)}`)
}

/**
 * Opens a session if the workload needs one, builds the load request and checks, with two real requests,
 * that the server answers it correctly. Returns the request to put under load.
 * @param {string} url
 * @param {import('./workloads.mjs').Workload} workload
 * @param {string} version  MCP-Protocol-Version for stateless requests
 * @param {number} toolCount
 */
export async function prepareLoad(url, workload, version, toolCount) {
  const peer = workload.mode === 'session' ? await openSession(url) : { version }
  const text = `echo-${crypto.randomUUID()}`
  const req = buildLoadRequest(workload, peer, text)
  await verifyLoad(url, workload, req, text, toolCount)
  return { req, text }
}

/**
 * @param {string} url
 * @param {import('./workloads.mjs').Workload} workload
 * @param {LoadRequest} req
 * @param {string} text
 * @param {number} toolCount
 */
export async function verifyLoad(url, workload, req, text, toolCount) {
  for (const id of [crypto.randomUUID(), crypto.randomUUID()]) {
    checkAnswer(workload, await sendOnce(url, req, id), text, toolCount)
  }
}
