// Hand-written: unions, tuples, index signatures and defaults as a caller sees them.
import { arrays, docs, records, shapes, type ToolCaller } from './client.js'

declare const caller: ToolCaller

export async function usage(): Promise<void> {
  await shapes(caller, { anyOf: 'x', oneOfObjects: { kind: 'circle', radius: 1 } })
  await shapes(caller, {
    anyOf: 1,
    oneOfObjects: { kind: 'square', side: 2 },
    baseAndOneOf: { id: 'a', x: 1 },
    mixedEnum: null,
    nullableOpenApi: null,
    typeArray: 3,
  })
  await arrays(caller, { point: [1, 2], optionalTail: ['a'], openTuple: [] })
  await arrays(caller, { point: [1, 2], optionalTail: ['a', true, 1, 2, 3] })
  await records(caller, { mixedIndex: { count: 1, anything: true }, patterns: { 'x-a': 'b' } })
  // `limit` has a default and is optional; `required_with_default` is required.
  await docs(caller, { required_with_default: 'x' })
  // @ts-expect-error the circle needs a radius, not a side
  await shapes(caller, { anyOf: 'x', oneOfObjects: { kind: 'circle', side: 1 } })
  // @ts-expect-error a point has exactly two numbers
  await arrays(caller, { point: [1] })
  // @ts-expect-error only the declared or boolean values
  await records(caller, { mixedIndex: { count: 1, other: [] } })
  // @ts-expect-error required even with a default
  await docs(caller, {})
}
