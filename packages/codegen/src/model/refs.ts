/** Local `$ref` resolution: JSON Pointers (`#/$defs/a`), the root (`#`) and plain-name anchors (`#node`). */

/** One schema document: a tool's inputSchema or outputSchema. `$ref`s resolve inside it only. */
export interface SchemaDocument {
  /** Unique among all documents of a run. */
  readonly id: string
  readonly root: unknown
  /** The type name a `#` reference means (the tool's input or output type). */
  readonly rootName: string
}

export type RefTarget = { pointer: string; schema: unknown } | { error: string }

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function decodeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~')
}

/** Resolves a JSON Pointer ('' is the root); undefined when any step is missing. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root
  let current: unknown = root
  for (const raw of pointer.slice(1).split('/')) {
    const token = decodeToken(raw)
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined
      current = current[Number(token)]
    } else if (isObject(current) && Object.hasOwn(current, token)) {
      current = current[token]
    } else {
      return undefined
    }
  }
  return current
}

const anchorCache = new WeakMap<object, Map<string, string>>()

/** Every `$anchor` / `$dynamicAnchor` of a document with the pointer of the schema that declares it. */
function anchorsOf(root: unknown): Map<string, string> {
  if (!isObject(root)) return new Map()
  const cached = anchorCache.get(root)
  if (cached) return cached
  const anchors = new Map<string, string>()
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(item, `${pointer}/${i}`)
      return
    }
    if (!isObject(node)) return
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      const name = node[keyword]
      if (typeof name === 'string' && !anchors.has(name)) anchors.set(name, pointer)
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'const' || key === 'enum' || key === 'default' || key === 'examples') continue
      visit(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    }
  }
  visit(root, '')
  anchorCache.set(root, anchors)
  return anchors
}

/** Resolves a `$ref` value against its document; only same-document references are supported. */
export function resolveRef(root: unknown, ref: string): RefTarget {
  if (!ref.startsWith('#')) return { error: `external reference "${ref}" is not supported` }
  let fragment: string
  try {
    fragment = decodeURIComponent(ref.slice(1))
  } catch {
    return { error: `malformed reference "${ref}"` }
  }
  let pointer: string | undefined
  if (fragment === '' || fragment.startsWith('/')) pointer = fragment
  else pointer = anchorsOf(root).get(fragment)
  if (pointer === undefined) return { error: `reference "${ref}" names no anchor` }
  const schema = resolvePointer(root, pointer)
  if (schema === undefined) return { error: `reference "${ref}" points at nothing` }
  return { pointer, schema }
}

/** The last pointer token, a base for a type name (`#/$defs/tree_node` → `tree_node`). */
export function lastToken(pointer: string): string {
  const tokens = pointer.split('/')
  return decodeToken(tokens[tokens.length - 1] ?? '')
}
