// Hand-written: shared, recursive and intersected definitions are usable as plain types.
import {
  type Address,
  billOrder,
  type Expr,
  extend,
  type FilterInput,
  filter,
  type Json,
  mutual,
  shipOrder,
  type ToolCaller,
  type TreeNode,
  sumTree,
} from './client.js'

declare const caller: ToolCaller

export async function usage(): Promise<void> {
  const home: Address = { street: 'Main St 1', city: 'Springfield' }
  await shipOrder(caller, { to: home, from: home })
  await billOrder(caller, { billing: home })
  const tree: TreeNode = { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] }
  const total = await sumTree(caller, { root: tree }, { unwrap: true })
  const sum: number = total.total
  const expr: Expr = { fn: 'add', args: [1, { fn: 'neg', args: [2] }] }
  await mutual(caller, { expr, pair: ['x', 1] })
  const where: FilterInput = { and: [{ field: 'a', equals: 1 }, { not: { field: 'b' } }] }
  await filter(caller, where)
  await extend(caller, { item: { id: 'x', extra: true } })
  const json: Json = { a: [1, 'two', null, { b: false }] }
  void [sum, json]
  // @ts-expect-error the intersection needs both halves
  await extend(caller, { item: { id: 'x' } })
  // @ts-expect-error a tuple of exactly [string, number]
  await mutual(caller, { expr: 1, pair: ['x', 1, 2] })
  // @ts-expect-error city is required in the shared Address
  await billOrder(caller, { billing: { street: 'x' } })
}
