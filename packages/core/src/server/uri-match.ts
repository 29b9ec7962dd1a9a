/**
 * RFC 6570 URI templates, matching direction: given a template and a concrete URI, recover the variables.
 * Supports every operator (none, +, #, ., /, ;, ?, &), lists by comma and the explode modifier. Servers only
 * match; the expanding side is `UriTemplate` (uri-template.ts), so server bundles leave it out.
 */
export type UriVariables = Record<string, string | string[]>

export interface Expression {
  op: string
  vars: Array<{ name: string; explode: boolean }>
}

/** The body of one `{…}` expression: its operator and variables (prefix modifiers are dropped). */
export function parseExpression(body: string): Expression {
  const first = body.charAt(0)
  const op = first && '+#./;?&'.includes(first) ? first : ''
  const vars = (op ? body.slice(1) : body)
    .split(',')
    .filter(Boolean)
    .map((v) => ({ name: v.replace(/\*$|:\d+$/, ''), explode: v.endsWith('*') }))
  return { op, vars }
}

/** The regular expression of each operator's expansion (one capture group). */
const PATTERNS: Record<string, string> = {
  '': '([^/?#]*)',
  '+': '(.*?)',
  '#': '(?:#(.*))?',
  '.': '((?:\\.[^/?#.]*)*)',
  '/': '((?:/[^/?#]*)*?)',
  ';': '((?:;[^/?#;]*)*)',
  '?': '(?:\\?([^#]*))?',
  '&': '(?:&([^#]*))?',
}

export class UriMatcher {
  declare readonly template: string
  declare readonly variableNames: string[]
  readonly #regex: RegExp
  readonly #groups: Expression[] = []

  constructor(template: string) {
    this.template = template
    let pattern = '^'
    let last = 0
    for (const m of template.matchAll(/\{([^}]*)\}/g)) {
      const expression = parseExpression(m[1] ?? '')
      this.#groups.push(expression)
      pattern += escapeRegex(template.slice(last, m.index)) + PATTERNS[expression.op]
      last = m.index + m[0].length
    }
    this.#regex = new RegExp(`${pattern}${escapeRegex(template.slice(last))}$`)
    this.variableNames = this.#groups.flatMap((g) => g.vars.map((v) => v.name))
  }

  /** The variables of `uri`, or undefined when it does not match. */
  match(uri: string): UriVariables | undefined {
    const m = this.#regex.exec(uri)
    if (!m) return undefined
    const out: UriVariables = {}
    this.#groups.forEach((g, i) => {
      const raw = m[i + 1]
      if (raw) assignGroup(out, g, raw)
    })
    return out
  }
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

function assignGroup(out: UriVariables, { op, vars }: Expression, raw: string): void {
  if (op === '?' || op === '&' || op === ';') {
    for (const pair of raw.replace(/^;/, '').split(op === ';' ? ';' : '&')) {
      const eq = pair.indexOf('=')
      const key = decode(eq < 0 ? pair : pair.slice(0, eq))
      const value = eq < 0 ? '' : pair.slice(eq + 1)
      const v = vars.find((x) => x.name === key)
      if (v) out[v.name] = value.includes(',') ? value.split(',').map(decode) : decode(value)
    }
    return
  }
  const dotted = op === '.' || op === '/'
  const body = dotted ? raw.slice(1) : raw
  const pieces = body.split(dotted ? op : ',')
  if (vars.length === 1) {
    const v = vars[0]!
    out[v.name] = v.explode || pieces.length > 1 ? pieces.map(decode) : decode(body)
    return
  }
  vars.forEach((v, i) => {
    const p = pieces[i]
    if (p !== undefined) out[v.name] = decode(p)
  })
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
