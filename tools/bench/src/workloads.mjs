// The three workloads. A contender runs a workload only if it supports the workload's mode.

/**
 * @typedef {object} Workload
 * @property {'a' | 'b' | 'c'} id
 * @property {string} title
 * @property {import('./servers/contract.mjs').Mode} mode
 * @property {import('./servers/contract.mjs').Toolset} toolset
 * @property {'tools/call' | 'tools/list'} method
 */

/** @type {Workload[]} */
export const WORKLOADS = [
  {
    id: 'a',
    title: '(a) tools/call `echo`, stateless, JSON',
    mode: 'stateless',
    toolset: 'echo',
    method: 'tools/call',
  },
  {
    id: 'b',
    title: '(b) tools/call `echo` in a legacy session (initialize 2025-11-25, Mcp-Session-Id)',
    mode: 'session',
    toolset: 'echo',
    method: 'tools/call',
  },
  {
    id: 'c',
    title: '(c) tools/list, 100 tools × 5-property input schema, stateless',
    mode: 'stateless',
    toolset: 'many',
    method: 'tools/list',
  },
]

/** Protocol revision a session client asks for in initialize. */
export const SESSION_REQUEST_VERSION = '2025-11-25'

/** @param {string} id */
export function workloadById(id) {
  const w = WORKLOADS.find((x) => x.id === id)
  if (w === undefined) throw new Error(`unknown workload "${id}"`)
  return w
}
