/**
 * RFC 6570 URI templates, matching direction: given a template and a concrete URI, recover the variables.
 * Supports every operator (none, +, #, ., /, ;, ?, &), lists by comma and the explode modifier.
 */
export type UriVariables = Record<string, string | string[]>

interface Expression {
  op: string
  vars: Array<{ name: string; explode: boolean }>
}

const OPERATORS = '+#./;?&'

export class UriTemplate {
  readonly template: string
  readonly variableNames: string[]
  readonly #regex: RegExp
  readonly #groups: Expression[]

  constructor(template: string) {
    this.template = template
    const parts: string[] = []
    this.#groups = []
    let last = 0
    for (const m of template.matchAll(/\{([^}]*)\}/g)) {
      parts.push(escapeRegex(template.slice(last, m.index)))
      const body = m[1] ?? ''
      const op = OPERATORS.includes(body[0] ?? '') ? (body[0] as string) : ''
      const vars = (op ? body.slice(1) : body)
        .split(',')
        .filter(Boolean)
        .map((v) => ({ name: v.replace(/\*$|:\d+$/, ''), explode: v.endsWith('*') }))
      this.#groups.push({ op, vars })
      parts.push(patternFor(op))
      last = m.index + m[0].length
    }
    parts.push(escapeRegex(template.slice(last)))
    this.#regex = new RegExp(`^${parts.join('')}$`)
    this.variableNames = this.#groups.flatMap((g) => g.vars.map((v) => v.name))
  }

  /** The variables of `uri`, or undefined when it does not match. */
  match(uri: string): UriVariables | undefined {
    const m = this.#regex.exec(uri)
    if (!m) return undefined
    const out: UriVariables = {}
    this.#groups.forEach((g, i) => {
      const raw = m[i + 1]
      if (raw === undefined || raw === '') return
      assignGroup(out, g, raw)
    })
    return out
  }

  /** Expands the template with the given variables (simple and reserved expansion of every operator). */
  expand(variables: UriVariables): string {
    return this.template.replace(/\{([^}]*)\}/g, (_all, body: string) => {
      const op = OPERATORS.includes(body[0] ?? '') ? (body[0] as string) : ''
      const names = (op ? body.slice(1) : body).split(',').map((v) => v.replace(/\*$|:\d+$/, ''))
      const enc = op === '+' || op === '#' ? encodeURI : encodeURIComponent
      const values = names
        .map((n) => [n, variables[n]] as const)
        .filter((e): e is readonly [string, string | string[]] => e[1] !== undefined)
      if (values.length === 0) return ''
      const sep = op === '?' || op === '&' ? '&' : op === '' || op === '+' || op === '#' ? ',' : op
      const items = values.map(([n, v]) => {
        const s = Array.isArray(v) ? v.map(enc).join(',') : enc(v)
        return op === '?' || op === '&' || op === ';' ? `${n}=${s}` : s
      })
      const prefix = op === '+' || op === '' ? '' : op
      return prefix + items.join(sep)
    })
  }
}

function patternFor(op: string): string {
  switch (op) {
    case '+':
      return '(.*?)'
    case '#':
      return '(?:#(.*))?'
    case '.':
      return '((?:\\.[^/?#.]*)*)'
    case '/':
      return '((?:/[^/?#]*)*?)'
    case ';':
      return '((?:;[^/?#;]*)*)'
    case '?':
      return '(?:\\?([^#]*))?'
    case '&':
      return '(?:&([^#]*))?'
    default:
      return '([^/?#]*)'
  }
}

function assignGroup(out: UriVariables, g: Expression, raw: string): void {
  const decode = (s: string) => {
    try {
      return decodeURIComponent(s)
    } catch {
      return s
    }
  }
  if (g.op === '?' || g.op === '&' || g.op === ';') {
    const sep = g.op === ';' ? ';' : '&'
    for (const pair of raw.replace(/^;/, '').split(sep)) {
      const eq = pair.indexOf('=')
      const key = decode(eq < 0 ? pair : pair.slice(0, eq))
      const value = eq < 0 ? '' : pair.slice(eq + 1)
      const v = g.vars.find((x) => x.name === key)
      if (v) out[v.name] = value.includes(',') ? value.split(',').map(decode) : decode(value)
    }
    return
  }
  const body = g.op === '.' || g.op === '/' ? raw.slice(1) : raw
  const pieces = g.op === '.' || g.op === '/' ? body.split(g.op) : body.split(',')
  if (g.vars.length === 1) {
    const v = g.vars[0]!
    out[v.name] = v.explode || pieces.length > 1 ? pieces.map(decode) : decode(body)
    return
  }
  g.vars.forEach((v, i) => {
    const p = pieces[i]
    if (p !== undefined) out[v.name] = decode(p)
  })
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
