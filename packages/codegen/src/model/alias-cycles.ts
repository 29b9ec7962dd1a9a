import { intersection, type NamedType, type TypeNode, UNKNOWN, union } from './type-node.js'

/**
 * TypeScript rejects a type alias that reaches itself through references, unions and intersections alone
 * (`type A = B; type B = A | string`); objects, arrays and tuples defer the reference and are fine. Such
 * back-references are replaced by `unknown`, with a warning. Mutates and returns the given named types.
 */
export function breakAliasCycles(named: NamedType[], warn: (message: string) => void): NamedType[] {
  const byName = new Map(named.map((n) => [n.name, n]))
  const state = new Map<string, 'visiting' | 'done'>()

  const cut = (node: TypeNode, owner: string): TypeNode => {
    switch (node.kind) {
      case 'ref': {
        const target = byName.get(node.name)
        if (!target) return node
        const s = state.get(node.name)
        if (s === 'visiting') {
          warn(
            `${owner} refers to ${node.name} only through aliases, which TypeScript cannot express; typed as unknown`,
          )
          return UNKNOWN
        }
        if (s === undefined) visit(target)
        return node
      }
      case 'union':
        return union(node.members.map((m) => cut(m, owner)))
      case 'intersection':
        return intersection(node.members.map((m) => cut(m, owner)))
      default:
        return node
    }
  }
  const visit = (n: NamedType): void => {
    state.set(n.name, 'visiting')
    n.type = cut(n.type, n.name)
    state.set(n.name, 'done')
  }
  for (const n of named) if (!state.has(n.name)) visit(n)
  return named
}
