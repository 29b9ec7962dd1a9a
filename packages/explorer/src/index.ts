// @edgemcp/explorer public API. Hand-written: adding an export is an API decision.
export { createExplorer } from './explorer.js'
export type { ExplorerOptions } from './explorer.js'
