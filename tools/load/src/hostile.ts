/**
 * The hostile-client suite (issue 20): each finding of the red-team pass replayed with well-formed requests,
 * against the Node conformance server (a child process, its RSS read after full GCs) and the sample Worker under
 * `wrangler dev` (its Durable Object files counted). Loopback only, bounded in requests, stops by itself.
 *
 *   node dist/hostile.js [--listeners 40] [--id-bytes 4000000] [--changes 100] [--initializes 20000]
 *                        [--random-ids 1000] [--no-workers]
 */
import { readdirSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { startWranglerDev } from '@edgemcp/tools-wrangler-dev'
import { startChildServer } from './lib/child.js'
import { startConformance } from './lib/server.js'
import { cliNumber, isMain, mib, printTable } from './lib/table.js'
import { WORKER_APP } from './lib/wrangler.js'

const MODERN = '2026-07-28'
const LEGACY = '2025-11-25'
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
}

export interface HostileOptions {
  listeners: number
  idBytes: number
  changes: number
  initializes: number
  randomIds: number
  workers: boolean
  /** Serve the Node target in this process (tests: no build needed, memory not measured apart). */
  inProcess?: boolean
}

export interface HostileFigures {
  /** Every HTTP status seen, with counts. */
  statuses: Record<number, number>
  /** Node: RSS of the server before and after the unread listeners and the list changes. */
  rssBefore: number
  rssAfter: number
  /** Node: what the listen requests with oversized ids got. */
  listenStatuses: Record<number, number>
  /** Node: the server still answered afterwards. */
  servingAfterListeners: boolean
  /** Node: unread listeners with ordinary ids and the same changes; RSS then, and the server keeps serving. */
  servingAfterSmallListeners: boolean
  rssAfterSmall: number
  /** Node: attacker initializes answered 200 / 429. */
  initializeAccepted: number
  initializeRefused: number
  /** Node: the victim's session still answered after them. */
  victimServed: boolean
  /** Workers (undefined without): stored session objects before and after the random ids, Host check. */
  storedBefore?: number
  storedAfter?: number
  foreignHostStatus?: number
  workerListenStatuses?: Record<number, number>
}

const count = (map: Record<number, number>, status: number) => {
  map[status] = (map[status] ?? 0) + 1
}

/** POST a JSON-RPC body; the status and body text (read whole). */
async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const r = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify(body),
  })
  return { status: r.status, text: await r.text(), headers: r.headers }
}

/**
 * A `subscriptions/listen` POSTed over a raw socket whose answer is never read: resolves with the status once
 * the head arrives (the body is left unread, so the server must hold or drop it).
 */
function unreadListen(
  url: string,
  id: string,
  host?: string,
): Promise<{ status: number; close: () => void }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'subscriptions/listen',
    params: { _meta: modernMeta, notifications: { toolsListChanged: true, resourcesListChanged: true } },
  })
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': MODERN,
          'mcp-method': 'subscriptions/listen',
          'content-length': Buffer.byteLength(body),
          ...(host ? { host } : {}),
        },
      },
      (res) => {
        res.pause() // never read
        resolve({ status: res.statusCode ?? 0, close: () => req.destroy() })
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const modernCall = (name: string, args: Record<string, unknown> = {}, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { _meta: modernMeta, name, arguments: args },
})
const modernHeaders = (name: string) => ({
  'mcp-protocol-version': MODERN,
  'mcp-method': 'tools/call',
  'mcp-name': name,
})

/** Runs `n` tasks with at most `width` at once. */
async function pool(n: number, width: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await task(next++)
    }),
  )
}

async function initialize(url: string): Promise<{ status: number; sessionId: string | null }> {
  const r = await post(url, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'hostile', version: '1' } },
  })
  return { status: r.status, sessionId: r.headers.get('mcp-session-id') }
}

/** The Node findings against apps/conformance-server. */
async function nodeFindings(o: HostileOptions, f: HostileFigures): Promise<void> {
  // apps/conformance-server's server in a child (`--expose-gc`): its RSS is read after full GCs, so what it
  // holds is measured, not garbage not collected yet.
  const server = o.inProcess ? await startConformance() : await startChildServer('conformance')
  const url = server.url
  const rss = async () => (await server.memory()).rss
  const healthy = async () => {
    const r = await post(url, modernCall('test_simple_text'), modernHeaders('test_simple_text'))
    count(f.statuses, r.status)
    return r.status === 200
  }
  try {
    await healthy()
    f.rssBefore = await rss()
    /** `o.listeners` unread listens with these ids, then `o.changes` list changes: the RSS then. */
    const listenThenChange = async (idOf: (i: number) => string, statuses?: Record<number, number>) => {
      const listeners = await Promise.all(
        Array.from({ length: o.listeners }, (_, i) => unreadListen(url, idOf(i))),
      )
      for (const l of listeners) {
        if (statuses) count(statuses, l.status)
        count(f.statuses, l.status)
      }
      for (let i = 0; i < o.changes; i++) {
        const call = modernCall('test_trigger_tool_change', {}, i)
        count(f.statuses, (await post(url, call, modernHeaders('test_trigger_tool_change'))).status)
      }
      const after = await rss()
      return {
        after,
        close: () => {
          for (const l of listeners) l.close()
        },
      }
    }
    // 1. Unread listeners with huge ids, then list changes (every event would repeat the id).
    const hugeId = 'i'.repeat(o.idBytes)
    const huge = await listenThenChange(() => hugeId, f.listenStatuses)
    f.rssAfter = huge.after
    f.servingAfterListeners = await healthy()
    huge.close()
    // 1b. Unread listeners with ordinary ids: their streams stay bounded while the changes go out.
    const small = await listenThenChange((i) => `listen-${i}`)
    f.rssAfterSmall = small.after
    f.servingAfterSmallListeners = await healthy()
    small.close()

    // 2. One client opens sessions without end; another client's session must stay.
    const victim = await initialize(url)
    count(f.statuses, victim.status)
    const victimHeaders = { 'mcp-session-id': victim.sessionId ?? '', 'mcp-protocol-version': LEGACY }
    await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, victimHeaders)
    await pool(o.initializes, 16, async () => {
      const r = await initialize(url)
      count(f.statuses, r.status)
      if (r.status === 200) f.initializeAccepted++
      else if (r.status === 429) f.initializeRefused++
    })
    const ping = await post(url, { jsonrpc: '2.0', id: 2, method: 'ping' }, victimHeaders)
    count(f.statuses, ping.status)
    f.victimServed = ping.status === 200
  } finally {
    await server.close()
  }
}

/** Session objects wrangler dev keeps on disk (SQLite files of the McpSessionObject class). */
function sessionObjectFiles(persistTo: string): number {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    )
  try {
    return walk(persistTo).filter((p) => /McpSessionObject/.test(p) && p.endsWith('.sqlite')).length
  } catch {
    return 0
  }
}

/** The Workers findings against apps/worker-server under wrangler dev. */
async function workerFindings(o: HostileOptions, f: HostileFigures): Promise<void> {
  const dev = await startWranglerDev({
    cwd: WORKER_APP,
    timeoutMs: 90_000,
    vars: { MCP_MRTR_SECRET: 'hostile-suite-secret' },
  })
  const url = `${dev.url}/mcp`
  try {
    // A session that exists (so the class has objects at all), then random ids of both shapes.
    const real = await initialize(url)
    count(f.statuses, real.status)
    f.storedBefore = sessionObjectFiles(dev.persistTo)
    await pool(o.randomIds, 8, async (i) => {
      const bytes = new Uint8Array(i % 2 === 0 ? 16 : 32)
      crypto.getRandomValues(bytes)
      const id = Buffer.from(bytes).toString('hex')
      const r = await post(
        url,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        {
          'mcp-session-id': id,
          'mcp-protocol-version': LEGACY,
        },
      )
      count(f.statuses, r.status)
    })
    f.storedAfter = sessionObjectFiles(dev.persistTo)
    // DNS rebinding: a foreign Host.
    const foreign = await new Promise<number>((resolve, reject) => {
      const req = request(
        url,
        { headers: { host: 'evil.example:8841', accept: 'text/event-stream' } },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end()
    })
    f.foreignHostStatus = foreign
    count(f.statuses, foreign)
    // Unread listeners with huge ids in the hub.
    f.workerListenStatuses = {}
    const hugeId = 'i'.repeat(o.idBytes)
    const listeners = await Promise.all(
      Array.from({ length: Math.min(10, o.listeners) }, () => unreadListen(url, hugeId)),
    )
    for (const l of listeners) {
      count(f.workerListenStatuses, l.status)
      count(f.statuses, l.status)
      l.close()
    }
  } finally {
    await dev.stop()
  }
}

export async function runHostile(o: HostileOptions): Promise<HostileFigures> {
  const f: HostileFigures = {
    statuses: {},
    rssBefore: Number.NaN,
    rssAfter: Number.NaN,
    listenStatuses: {},
    servingAfterListeners: false,
    servingAfterSmallListeners: false,
    rssAfterSmall: Number.NaN,
    initializeAccepted: 0,
    initializeRefused: 0,
    victimServed: false,
  }
  await nodeFindings(o, f)
  if (o.workers) await workerFindings(o, f)
  return f
}

const fiveXx = (statuses: Record<number, number>) =>
  Object.entries(statuses).reduce((n, [s, c]) => (Number(s) >= 500 ? n + c : n), 0)

export function printHostile(o: HostileOptions, f: HostileFigures): void {
  const list = (m: Record<number, number> = {}) =>
    Object.entries(m)
      .map(([s, c]) => `${s} × ${c}`)
      .join(', ')
  printTable('Hostile clients (issue 20), loopback', [
    [
      `Node: ${o.listeners} unread listens, ${o.idBytes.toLocaleString('en-US')}-char ids`,
      list(f.listenStatuses),
    ],
    [`Node: RSS before → after ${o.changes} list changes`, `${mib(f.rssBefore)} → ${mib(f.rssAfter)}`],
    ['Node: RSS growth', mib(f.rssAfter - f.rssBefore)],
    [`Node: RSS with ${o.listeners} unread listens of ordinary ids, after the changes`, mib(f.rssAfterSmall)],
    [
      'Node: serving afterwards (huge ids / small ids)',
      `${f.servingAfterListeners} / ${f.servingAfterSmallListeners}`,
    ],
    [
      `Node: ${o.initializes.toLocaleString('en-US')} initialize, one client: 200 / 429`,
      `${f.initializeAccepted} / ${f.initializeRefused}`,
    ],
    ["Node: the other client's session still served", String(f.victimServed)],
    ...(o.workers
      ? ([
          [
            `Workers: stored session objects before → after ${o.randomIds} random ids`,
            `${f.storedBefore} → ${f.storedAfter}`,
          ],
          ['Workers: foreign Host (DNS rebinding)', String(f.foreignHostStatus)],
          ['Workers: unread listens with huge ids', list(f.workerListenStatuses)],
        ] as Array<[string, string]>)
      : []),
    ['statuses seen', list(f.statuses)],
    ['5xx', fiveXx(f.statuses)],
  ])
}

/** Whether the figures meet the acceptance. */
export function hostileProblems(o: HostileOptions, f: HostileFigures): string[] {
  const p: string[] = []
  const growth = Math.max(f.rssAfter, f.rssAfterSmall) - f.rssBefore
  if (growth > 64 * 1024 * 1024) p.push(`RSS grew by ${mib(growth)}`)
  if (!f.servingAfterListeners || !f.servingAfterSmallListeners) p.push('the Node server stopped serving')
  if (!f.victimServed) p.push("another client's session was evicted")
  if (fiveXx(f.statuses) > 0) p.push(`${fiveXx(f.statuses)} answers were 5xx`)
  if (o.workers && f.storedAfter !== f.storedBefore)
    p.push(`random ids left ${(f.storedAfter ?? 0) - (f.storedBefore ?? 0)} stored session objects`)
  if (o.workers && f.foreignHostStatus !== 403) p.push(`a foreign Host got ${f.foreignHostStatus}`)
  return p
}

if (isMain(import.meta.url)) {
  const o: HostileOptions = {
    listeners: cliNumber('listeners', 40),
    idBytes: cliNumber('id-bytes', 4_000_000),
    changes: cliNumber('changes', 100),
    initializes: cliNumber('initializes', 20_000),
    randomIds: cliNumber('random-ids', 1000),
    workers: !process.argv.includes('--no-workers'),
  }
  const started = Date.now()
  const f = await runHostile(o)
  printHostile(o, f)
  console.log(`  time  ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const problems = hostileProblems(o, f)
  for (const problem of problems) console.log(`  PROBLEM: ${problem}`)
  process.exit(problems.length === 0 ? 0 : 1)
}
