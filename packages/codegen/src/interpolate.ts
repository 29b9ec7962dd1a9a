/** `-H 'Name: value'` parsing with `${VAR}` (and `${VAR:-fallback}`) taken from the environment. */
export class HeaderError extends Error {
  override readonly name = 'HeaderError'
}

export function interpolateEnv(text: string, env: Readonly<Record<string, string | undefined>>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g,
    (_match, name: string, fallback?: string) => {
      const value = env[name]
      if (value !== undefined && value !== '') return value
      if (fallback !== undefined) return fallback
      throw new HeaderError(`environment variable ${name} is not set (used in a -H header)`)
    },
  )
}

/** Parses `Name: value` headers; later ones with the same name win. */
export function parseHeaders(
  headers: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const header of headers) {
    const colon = header.indexOf(':')
    const name = colon < 0 ? '' : header.slice(0, colon).trim()
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new HeaderError(`-H ${JSON.stringify(header)} is not of the form "Name: value"`)
    }
    const value = interpolateEnv(header.slice(colon + 1).trim(), env)
    if (/[\r\n\0]/.test(value)) throw new HeaderError(`-H ${name}: the value contains a line break`)
    out[name] = value
  }
  return out
}
