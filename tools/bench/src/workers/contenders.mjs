// The workerd bench's contenders, in table order: each is its own Worker (entries/<entry>), run in its own
// workerd process. `modes` says which workloads apply; `version` is the MCP-Protocol-Version a stateless client
// speaks to it; `objects` are its Durable Object classes (binding → class); `flags` its compatibility flags.

/**
 * @typedef {object} WorkerContender
 * @property {string} id
 * @property {string} label
 * @property {string} short  label in charts
 * @property {string} entry  file under entries/
 * @property {import('../servers/contract.mjs').Mode[]} modes
 * @property {string} version  protocol revision of stateless requests
 * @property {Record<string, string>} [objects]  Durable Object binding name → exported class name
 * @property {string[]} [flags]  compatibility flags beyond the date
 * @property {Record<string, string>} [internalModules]  runtime modules Miniflare adds that bare workerd lacks
 * @property {boolean} [ceiling]  a raw Worker without an MCP library
 * @property {boolean} [coldOnly]  measured for cold starts only (a ceiling no load workload needs)
 * @property {string} [coldCeiling]  the contender its cold starts are judged against, instead of the default
 */

/** @type {WorkerContender[]} */
export const WORKER_CONTENDERS = [
  {
    id: 'raw-hono',
    short: 'raw Hono Worker',
    label: 'raw Hono Worker (ceiling)',
    entry: 'raw-hono.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
    ceiling: true,
  },
  {
    id: 'raw-hono-do',
    short: 'raw Hono + DO',
    label: 'raw Hono + Durable Object (DO session ceiling)',
    entry: 'raw-hono-do.mjs',
    modes: ['session'],
    version: '2026-07-28',
    objects: { RAW_SESSION: 'RawSessionObject' },
    ceiling: true,
  },
  {
    // Issue 30's decision: a createMcpWorker cold start is judged against a raw Hono Worker that declares the
    // same Durable Object namespaces (workerd sets up each namespace a Worker declares before it listens).
    id: 'raw-hono-objects',
    short: 'raw Hono + 2 DO namespaces',
    label: "raw Hono declaring createMcpWorker's 2 Durable Object namespaces (its cold-start ceiling)",
    entry: 'raw-hono-objects.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
    objects: { RAW_SESSION: 'RawSessionObject', RAW_HUB: 'RawHubObject' },
    ceiling: true,
    coldOnly: true,
  },
  {
    id: 'edgemcp-worker',
    short: 'edgemcp createMcpWorker',
    label: 'edgemcp createMcpWorker (sessions in a DO)',
    entry: 'edgemcp-worker.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
    objects: { MCP_SESSION: 'McpSessionObject', MCP_HUB: 'McpHubObject' },
    coldCeiling: 'raw-hono-objects',
  },
  {
    id: 'edgemcp-fetch',
    short: 'edgemcp fetch handler',
    label: 'edgemcp createMcpFetchHandler (sessions in the isolate)',
    entry: 'edgemcp-fetch.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
  },
  {
    id: 'agents-handler',
    short: 'agents createMcpHandler',
    label: 'agents 0.32.0 createMcpHandler (SDK 2.4.0)',
    entry: 'agents-handler.mjs',
    modes: ['stateless'],
    version: '2026-07-28',
    flags: ['nodejs_compat'],
  },
  {
    id: 'agents-mcp-agent',
    short: 'agents McpAgent',
    label: 'agents 0.32.0 McpAgent (SDK 1.32.2, a DO per session)',
    entry: 'agents-mcp-agent.mjs',
    modes: ['session'],
    version: '2025-11-25',
    objects: { MCP_OBJECT: 'BenchAgent' },
    flags: ['nodejs_compat'],
    // agents imports cloudflare:email, whose implementation module Miniflare supplies (it is never called here)
    internalModules: {
      'cloudflare-internal:email': 'export default { EmailMessage: class EmailMessage {} }',
    },
  },
  {
    id: 'sdk-v2',
    short: 'MCP SDK 2.4.0',
    label: 'MCP SDK 2.4.0 (createMcpHandler; web-standard transport for sessions)',
    entry: 'sdk-v2.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
  },
  {
    id: 'mcp-lite',
    short: 'mcp-lite 0.10.0',
    label: 'mcp-lite 0.10.0 (sessions in the isolate)',
    entry: 'mcp-lite.mjs',
    modes: ['stateless', 'session'],
    version: '2025-06-18',
  },
]

export const WORKER_BASELINE_ID = 'raw-hono'
/** The ceiling of a session in a Durable Object (workload (b)'s second ceiling, and of session cold starts). */
export const SESSION_CEILING_ID = 'raw-hono-do'

/**
 * @typedef {object} ColdCase
 * @property {WorkerContender} contender
 * @property {import('../servers/contract.mjs').Mode} mode
 * @property {string} id  `${contender id}/${mode}`
 * @property {string} label
 * @property {string} ceilingId  the case it is judged against
 */

/**
 * The cold starts to sample: every contender stateless where it serves it, else in a session; one with Durable
 * Objects also in a session. Each is judged against its `coldCeiling` in the same mode, else the raw Hono
 * Worker (stateless) or the raw Hono + Durable Object Worker (session).
 * @param {WorkerContender[]} contenders
 * @returns {ColdCase[]}
 */
export function coldCases(contenders) {
  /** @type {ColdCase[]} */
  const cases = []
  /** @param {WorkerContender} c @param {import('../servers/contract.mjs').Mode} mode @param {string} ceiling */
  const add = (c, mode, ceiling) =>
    cases.push({
      contender: c,
      mode,
      id: `${c.id}/${mode}`,
      label: c.label,
      ceilingId: `${c.coldCeiling ?? ceiling}/${mode}`,
    })
  for (const c of contenders) {
    if (c.modes.includes('stateless')) add(c, 'stateless', WORKER_BASELINE_ID)
    if (c.modes.includes('session') && (c.objects !== undefined || !c.modes.includes('stateless')))
      add(c, 'session', SESSION_CEILING_ID)
  }
  return cases
}

/** The cold-start baseline: a Worker that only answers an empty 200 (what workerd itself costs). */
export const EMPTY_WORKER = /** @type {WorkerContender} */ ({
  id: 'empty',
  short: 'empty Worker',
  label: 'empty Worker',
  entry: 'empty.mjs',
  modes: ['stateless'],
  version: '2026-07-28',
})
