import { firstForm, type HtmlForm } from './html-form.js'

/** What an authorize callback of `@edgemcp/auth/client` receives (only what the helper needs). */
export interface HeadlessAuthorizationRequest {
  url: URL
  redirectUri: string
}

export interface HeadlessAuthorizeOptions {
  /** Values for fields of the forms met on the way (a sign-in name, a consent checkbox): name → value. */
  fill?: Record<string, string>
  /**
   * The submit button to press, by `name=value` (e.g. `decision=approve`). Default: a button whose value reads
   * like consent (approve, allow, accept, yes, authorize), else the first one.
   */
  submit?: string
  /** Most pages and redirects followed before giving up. Default 10. */
  maxSteps?: number
  /** The fetch to use. Default: global fetch. */
  fetch?: (input: string | URL, init?: RequestInit) => Promise<Response>
}

const CONSENT = /^(approve|allow|accept|yes|authori[sz]e|consent|continue)$/i

/**
 * The user's part of an OAuth login, done by a test against an authorization server it controls: open the
 * authorization URL, follow redirects, fill and submit the forms on the way (sign-in, consent) with a cookie jar,
 * until the server redirects to `redirectUri`; resolves with that callback URL, which is not fetched. Give it to
 * `createOAuthProvider({ authorize })` and the provider to `mcpHttp(url, { auth })`.
 *
 * @example
 * const auth = createOAuthProvider({
 *   serverUrl: url,
 *   client: { name: 'tests', redirectUri: 'http://127.0.0.1:9/callback' },
 *   authorize: headlessAuthorize({ fill: { user: 'alice' } }),
 * })
 * const app = mcpHttp(url, { auth })
 */
export function headlessAuthorize(options: HeadlessAuthorizeOptions = {}) {
  const fetchImpl = options.fetch ?? ((input: string | URL, init?: RequestInit) => fetch(input, init))
  return async ({ url, redirectUri }: HeadlessAuthorizationRequest): Promise<string> => {
    const jar = new Map<string, string>()
    const target = new URL(redirectUri)
    let request: { url: URL; init: RequestInit } = { url, init: {} }
    for (let step = 0; step < (options.maxSteps ?? 10); step++) {
      const headers = new Headers(request.init.headers)
      if (jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
      const response = await fetchImpl(request.url, { ...request.init, headers, redirect: 'manual' })
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = ''] = cookie.split(';')
        const at = pair.indexOf('=')
        if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
      }
      const location = response.headers.get('location')
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel()
        const next = new URL(location, request.url)
        if (next.origin === target.origin && next.pathname === target.pathname) return next.href
        request = { url: next, init: {} }
        continue
      }
      const body = await response.text()
      const form = response.ok ? firstForm(body) : undefined
      if (!form)
        throw new Error(
          `headless login stopped at ${request.url.origin}${request.url.pathname}: HTTP ${response.status}, ` +
            `no redirect and no form (${body.replace(/\s+/g, ' ').slice(0, 200)})`,
        )
      request = submission(form, request.url, options)
    }
    throw new Error(`headless login did not reach ${redirectUri} within ${options.maxSteps ?? 10} steps`)
  }
}

/** The request a browser makes when the form is submitted with `options.fill` and the chosen button. */
function submission(
  form: HtmlForm,
  page: URL,
  options: HeadlessAuthorizeOptions,
): { url: URL; init: RequestInit } {
  const values = new URLSearchParams()
  const filled = new Set<string>()
  for (const [name, value] of form.fields) {
    const fill = options.fill?.[name]
    if (fill !== undefined && filled.has(name)) continue
    values.append(name, fill ?? value)
    if (fill !== undefined) filled.add(name)
  }
  for (const [name, value] of Object.entries(options.fill ?? {}))
    if (!filled.has(name)) values.set(name, value)
  const [wantName, wantValue] = options.submit?.split('=') ?? []
  const button =
    form.buttons.find(([n, v]) => n === wantName && (wantValue === undefined || v === wantValue)) ??
    (options.submit ? undefined : (form.buttons.find(([, v]) => CONSENT.test(v)) ?? form.buttons[0]))
  if (options.submit && !button)
    throw new Error(`headless login: no "${options.submit}" button on ${page.href}`)
  if (button) values.append(button[0], button[1])
  const action = new URL(form.action || page.href, page)
  if (form.method === 'GET') {
    action.search = values.toString()
    return { url: action, init: {} }
  }
  return {
    url: action,
    init: {
      method: 'POST',
      body: values.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
  }
}
