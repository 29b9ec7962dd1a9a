/** One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1): a scheme and its parameters. */
export interface AuthChallengeParams {
  /** Lower-cased auth scheme: `bearer`, `dpop`, … */
  scheme: string
  /** Parameters by lower-cased name, quoted strings unescaped. */
  params: Record<string, string>
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y
const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*/y
const SPACE = /[ \t]*/y

/**
 * Parses every challenge of a `WWW-Authenticate` value: `Bearer error="insufficient_scope", scope="a b",
 * resource_metadata="…"`, several challenges in one header (`DPoP …, Bearer …`), quoted strings with escapes.
 * Malformed input yields what could be read, never an exception (the value comes from the network).
 */
export function parseWwwAuthenticate(header: string | null | undefined): AuthChallengeParams[] {
  const text = header ?? ''
  const out: AuthChallengeParams[] = []
  let i = 0
  const match = (re: RegExp): string | undefined => {
    re.lastIndex = i
    const m = re.exec(text)
    if (!m || m[0] === '') return undefined
    i = re.lastIndex
    return m[0]
  }
  const skip = () => match(SPACE)
  const skipSeparators = () => {
    while (i < text.length && (text[i] === ',' || text[i] === ' ' || text[i] === '\t')) i++
  }
  /** True when the text at `i` is `name=` (an auth-param), not the start of the next challenge. */
  const atParam = (): boolean => {
    const at = i
    const name = match(TOKEN)
    skip()
    const isParam = name !== undefined && text[i] === '=' && text[i + 1] !== '='
    i = at
    return isParam
  }
  while (i < text.length) {
    skipSeparators()
    const scheme = match(TOKEN)
    if (!scheme) {
      i++ // not a token: skip the character and look again
      continue
    }
    const challenge: AuthChallengeParams = { scheme: scheme.toLowerCase(), params: {} }
    out.push(challenge)
    skip()
    if (i < text.length && text[i] !== ',' && !atParam()) match(TOKEN68) // e.g. `Basic dXNlcg==`
    for (;;) {
      const before = i
      skipSeparators()
      if (!atParam()) {
        i = before
        break
      }
      const name = (match(TOKEN) ?? '').toLowerCase()
      skip()
      i++ // '='
      skip()
      challenge.params[name] = text[i] === '"' ? quoted() : (match(TOKEN) ?? '')
    }
  }
  return out

  function quoted(): string {
    let value = ''
    i++ // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\' && i + 1 < text.length) i++
      value += text[i]
      i++
    }
    i++ // closing quote
    return value
  }
}

/** The parameters of the first challenge of `scheme` (`bearer`, `dpop`), if any. */
export function challengeOf(
  challenges: readonly AuthChallengeParams[],
  scheme: string,
): Record<string, string> | undefined {
  return challenges.find((c) => c.scheme === scheme)?.params
}

/** A space-separated scope parameter as a list (empty entries dropped). */
export const scopeList = (scope: string | undefined): string[] => (scope ?? '').split(/\s+/).filter(Boolean)
