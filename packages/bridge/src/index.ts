// @edgemcp/bridge public API. Hand-written: adding an export is an API decision.
export { BridgeUsageError, parseBridgeArgs, USAGE } from './args.js'
export type { BridgeArgs } from './args.js'
export { BridgeStartError, startBridge } from './bridge.js'
export type { BridgeOptions, RunningBridge } from './bridge.js'
