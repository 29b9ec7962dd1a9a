import { parseExpression, UriMatcher, type UriVariables } from './uri-match.js'

export type { UriVariables } from './uri-match.js'

/** An RFC 6570 URI template that matches URIs (see UriMatcher) and expands variables into one. */
export class UriTemplate extends UriMatcher {
  /** Expands the template with the given variables (simple and reserved expansion of every operator). */
  expand(variables: UriVariables): string {
    return this.template.replace(/\{([^}]*)\}/g, (_all, body: string) => {
      const { op, vars } = parseExpression(body)
      const enc = op === '+' || op === '#' ? encodeURI : encodeURIComponent
      const named = op === '?' || op === '&' || op === ';'
      const items: string[] = []
      for (const { name } of vars) {
        const v = variables[name]
        if (v === undefined) continue
        const s = Array.isArray(v) ? v.map(enc).join(',') : enc(v)
        items.push(named ? `${name}=${s}` : s)
      }
      if (items.length === 0) return ''
      const sep = op === '?' || op === '&' ? '&' : op === '' || op === '+' || op === '#' ? ',' : op
      return (op === '+' ? '' : op) + items.join(sep)
    })
  }
}
