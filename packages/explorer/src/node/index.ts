// @edgemcp/explorer/node: the explorer for any server, on Node. Hand-written: adding an export is an API decision.
export { startExplorerProxy } from './proxy.js'
export type { ExplorerProxy, ExplorerProxyOptions } from './proxy.js'
