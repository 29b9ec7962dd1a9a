/**
 * The sandbox proxy of MCP Apps (2026-01-26, "Sandbox proxy"): the outer iframe, on an origin other than the
 * explorer's. It loads the View's HTML into an inner iframe without `allow-same-origin` (an opaque origin: no
 * cookies, storage or DOM of any site) and relays messages between the explorer and the View, nothing else.
 * Its CSP header is built here from the resource's declared domains; the inner `srcdoc` document inherits it.
 */

/** The resource's `_meta.ui.csp`, as the page passes it in the sandbox URL. */
export interface AppCsp {
  connectDomains?: string[]
  resourceDomains?: string[]
  frameDomains?: string[]
  baseUriDomains?: string[]
}

/** A scheme, an optional `*.` label and a host, an optional port: nothing that could end a CSP directive. */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/i

const sources = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && SOURCE.test(s)) : []

/**
 * The View's Content-Security-Policy: the spec's restrictive default, widened only by declared domains that are
 * plain origins (anything else is dropped), never by `'self'` (an opaque-origin View has none worth granting).
 */
export function appCsp(csp: unknown, frameAncestor: string): string {
  const c = (csp && typeof csp === 'object' ? csp : {}) as Record<string, unknown>
  const res = sources(c.resourceDomains).join(' ')
  const list = (base: string, extra: string) => (extra ? `${base} ${extra}` : base)
  const connect = sources(c.connectDomains).join(' ')
  const frames = sources(c.frameDomains).join(' ')
  const base = sources(c.baseUriDomains).join(' ')
  return [
    "default-src 'none'",
    list("script-src 'unsafe-inline'", res),
    list("style-src 'unsafe-inline'", res),
    list('img-src data:', res),
    list('font-src data:', res),
    list('media-src data:', res),
    `connect-src ${connect || "'none'"}`,
    `frame-src ${frames || "'none'"}`,
    `base-uri ${base || "'none'"}`,
    "object-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestor}`,
  ].join('; ')
}

/** The sandbox answer for `GET <explorer path>?mcp-app-sandbox&origin=<explorer origin>&csp=<json>`. */
export function sandboxResponse(url: URL): Response {
  const origin = url.searchParams.get('origin') ?? ''
  if (!ORIGIN.test(origin)) return new Response('Bad Request: origin', { status: 400 })
  let csp: unknown = {}
  try {
    csp = JSON.parse(url.searchParams.get('csp') ?? '{}')
  } catch {
    return new Response('Bad Request: csp', { status: 400 })
  }
  return new Response(SANDBOX_HTML.replace('__ORIGIN__', JSON.stringify(origin)), {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': appCsp(csp, origin),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    },
  })
}

const SANDBOX_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>MCP app sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>
(() => {
  const host = __ORIGIN__
  const reserved = (d) => d && typeof d.method === 'string' && d.method.startsWith('ui/notifications/sandbox-')
  let inner
  addEventListener('message', (e) => {
    const d = e.data
    if (e.source === parent && e.origin === host) {
      if (d && d.method === 'ui/notifications/sandbox-resource-ready') {
        if (inner || !d.params || typeof d.params.html !== 'string') return
        inner = document.createElement('iframe')
        inner.setAttribute('sandbox', 'allow-scripts allow-forms')
        inner.srcdoc = d.params.html
        document.body.append(inner)
      } else if (!reserved(d) && inner) inner.contentWindow.postMessage(d, '*')
    } else if (inner && e.source === inner.contentWindow && !reserved(d)) parent.postMessage(d, host)
  })
  parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, host)
})()
</script></body></html>
`
