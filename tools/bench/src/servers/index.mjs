// The contenders, in table order. Each `file` exports `start` (see contract.mjs). `modes` says which
// workloads apply; `version` is the MCP-Protocol-Version a stateless client speaks to it.

/**
 * @typedef {object} Contender
 * @property {string} id
 * @property {string} label
 * @property {string} file  path relative to this folder
 * @property {import('./contract.mjs').Mode[]} modes
 * @property {string} version  protocol revision used for stateless requests
 */

/** @type {Contender[]} */
export const CONTENDERS = [
  {
    id: 'raw-hono',
    label: 'raw Hono (ceiling)',
    file: 'raw-hono.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
  },
  {
    // The shape of the independent harness of issue 18: fixed results, no 2026-07-28 fields (legacy only)
    id: 'raw-hono-min',
    label: 'minimal hard-wired Hono',
    file: 'raw-hono-min.mjs',
    modes: ['session'],
    version: '2025-11-25',
  },
  {
    id: 'edgemcp-serve',
    label: 'edgemcp, its own serve()',
    file: 'edgemcp-serve.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
  },
  {
    id: 'edgemcp',
    label: 'edgemcp on @hono/node-server',
    file: 'edgemcp.mjs',
    modes: ['stateless', 'session'],
    version: '2026-07-28',
  },
  {
    id: 'sdk-stateless',
    label: 'MCP SDK 1.32.2 stateless',
    file: 'sdk-stateless.mjs',
    modes: ['stateless'],
    version: '2025-11-25',
  },
  {
    id: 'sdk-stateful',
    label: 'MCP SDK 1.32.2 stateful',
    file: 'sdk-stateful.mjs',
    modes: ['session'],
    version: '2025-11-25',
  },
  {
    id: 'hono-mcp',
    label: '@hono/mcp 0.3.2',
    file: 'hono-mcp.mjs',
    modes: ['stateless', 'session'],
    version: '2025-11-25',
  },
  {
    id: 'mcp-lite',
    label: 'mcp-lite 0.10.0',
    file: 'mcp-lite.mjs',
    modes: ['stateless', 'session'],
    version: '2025-06-18',
  },
]

export const BASELINE_ID = 'raw-hono'
/** The second ceiling, where it applies (workload b). */
export const MINIMAL_BASELINE_ID = 'raw-hono-min'
