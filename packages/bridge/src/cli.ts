import { BridgeUsageError, parseBridgeArgs, USAGE } from './args.js'
import { BridgeStartError, oneLine, startBridge } from './bridge.js'

// stdout carries the protocol and nothing else: every word for the user goes to stderr, one line each.
const fail = (message: string, code: number): never => {
  process.stderr.write(`edgemcp-bridge: ${oneLine(message)}\n`)
  process.exit(code)
}

let args: ReturnType<typeof parseBridgeArgs>
try {
  args = parseBridgeArgs(process.argv.slice(2), process.env)
} catch (error) {
  fail(error instanceof BridgeUsageError ? error.message : String(error), 2)
  throw error // unreachable: fail exits
}
if (args === 'help') {
  process.stderr.write(USAGE)
  process.exit(0)
}
try {
  const bridge = await startBridge(args)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void bridge.close())
  const { reason, error } = await bridge.closed
  if (reason === 'remote') fail(error?.message ?? 'the remote server went away', 1)
  process.exit(0)
} catch (error) {
  fail(
    error instanceof BridgeStartError ? error.message : `cannot reach ${args.url.href}: ${String(error)}`,
    1,
  )
}
