import { loopbackTarget } from './loopback.js'
import { autoTarget, sseTarget } from './sse.js'
import { streamableTarget } from './streamable.js'
import type { Target } from './target.js'

/** The in-process targets: every server transport, and the option sets that change their paths. */
export const IN_PROCESS: ReadonlyArray<{ name: string; make: () => Promise<Target> }> = [
  { name: 'streamable-http', make: () => streamableTarget('streamable-http') },
  {
    name: 'streamable-http json',
    make: () => streamableTarget('streamable-http json', { jsonResponse: true, acceptJsonOnly: true }),
  },
  { name: 'sse', make: () => sseTarget('sse') },
  { name: 'auto', make: () => autoTarget('auto') },
]

export const LOOPBACK = [
  { name: 'loopback streamable-http', make: () => loopbackTarget('streamable') },
  { name: 'loopback auto', make: () => loopbackTarget('auto') },
] as const
