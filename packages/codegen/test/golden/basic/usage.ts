// Hand-written: how the generated client is used. Type-checked with every golden output; every
// expected error below must stay an error.
import type { CallToolResult } from '@edgemcp/core'
import {
  type CallOptions,
  createClient,
  echo,
  type GetSumOutput,
  getSum,
  ping,
  ToolCallError,
  type ToolCaller,
  type ToolContent,
  type ToolMap,
  type ToolName,
  type ToolResult,
  toolAnnotations,
} from './client.js'

declare const caller: ToolCaller
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const expectType = <T extends true>(): void => {}

export async function usage(): Promise<void> {
  const full = await getSum(caller, { a: 1 })
  expectType<Equal<typeof full, ToolResult<GetSumOutput>>>()
  const sum = await getSum(caller, { a: 1, b: 2 }, { unwrap: true })
  expectType<Equal<typeof sum, GetSumOutput>>()
  const explicit = await getSum(caller, { a: 1 }, { unwrap: false, timeoutMs: 5 })
  expectType<Equal<typeof explicit, ToolResult<GetSumOutput>>>()
  const options: CallOptions = {}
  const either = await getSum(caller, { a: 1 }, options)
  expectType<Equal<typeof either, ToolResult<GetSumOutput> | GetSumOutput>>()
  const content = await echo(caller, { text: 'x' }, { unwrap: true })
  expectType<Equal<typeof content, ToolContent>>()
  // Per-call options are typed: no implicit any in the progress callback.
  const withProgress = await getSum(
    caller,
    { a: 1 },
    {
      onprogress: (p) => expectType<Equal<typeof p.progress, number>>(),
      signal: AbortSignal.timeout(1000),
      timeoutMs: 5000,
      unwrap: true,
    },
  )
  expectType<Equal<typeof withProgress, GetSumOutput>>()
  // @ts-expect-error progress is a number
  void getSum(caller, { a: 1 }, { onprogress: (p: { progress: string }) => p })
  const raw = await ping(caller)
  expectType<Equal<typeof raw, CallToolResult>>()

  const client = createClient(caller)
  const viaFacade = await client.getSum({ a: 2 }, { unwrap: true, signal: AbortSignal.timeout(1000) })
  expectType<Equal<typeof viaFacade, GetSumOutput>>()
  const pong = await client.ping()
  expectType<Equal<typeof pong, CallToolResult>>()

  // @ts-expect-error a must be a number
  await getSum(caller, { a: '1' })
  // @ts-expect-error a is required
  await getSum(caller, {})
  // @ts-expect-error no such property
  await getSum(caller, { a: 1, c: 2 })
  // @ts-expect-error mode is one of three strings
  await echo(caller, { text: 'x', mode: 'loud' })
  // @ts-expect-error echo needs its arguments
  await echo(caller)
  // @ts-expect-error the facade checks arguments too
  await client.getSum({ b: 1 })

  expectType<Equal<ToolName, 'echo' | 'get-sum' | 'ping'>>()
  expectType<Equal<ToolMap['get-sum']['output'], GetSumOutput>>()
  const readOnly: true = toolAnnotations['get-sum'].readOnlyHint
  void readOnly
  try {
    await getSum(caller, { a: 1 }, { unwrap: true })
  } catch (error) {
    if (error instanceof ToolCallError) {
      const tool: ToolName = error.tool
      const result: CallToolResult = error.result
      void [tool, result]
    }
  }
}
