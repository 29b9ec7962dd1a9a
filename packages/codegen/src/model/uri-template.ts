/** The variables of an RFC 6570 URI template, for typing a resource template's parameters. */
export interface TemplateVariable {
  name: string
  /** `{?x}` and `{&x}` are query parameters a caller may leave out; the others shape the path. */
  optional: boolean
  /** `{x*}`: an exploded list. */
  explode: boolean
}

export function templateVariables(template: string): TemplateVariable[] {
  const out: TemplateVariable[] = []
  const seen = new Set<string>()
  for (const match of template.matchAll(/\{([^{}]*)\}/g)) {
    let body = match[1] ?? ''
    const op = /^[+#./;?&]/.test(body) ? body[0] : ''
    if (op) body = body.slice(1)
    for (const spec of body.split(',')) {
      const explode = spec.endsWith('*')
      const name = spec.replace(/\*$/, '').replace(/:\d+$/, '').trim()
      if (name === '' || seen.has(name)) continue
      seen.add(name)
      out.push({ name, optional: op === '?' || op === '&', explode })
    }
  }
  return out
}
