/**
 * The page's MCP Apps host (`io.modelcontextprotocol/ui`, 2026-01-26), plain DOM like the rest of the page.
 *
 * Hand-written rather than the official `AppBridge` of `@modelcontextprotocol/ext-apps` 2.0.4: bundled for the
 * browser (esbuild, minified) AppBridge with its SDK and zod dependencies is 649 KB, 146 KB gzipped — 21 times
 * this whole page's script (6.8 KB gzipped) — and it needs a bundler in a package that has none. This host is
 * the spec's web-host half: the View runs in an inner iframe of a sandbox proxy on another origin, and every
 * message is checked for its source window and origin, counted against a budget, and answered here.
 */
export const HOST_SCRIPT = String.raw`
// ---- MCP Apps host ----
const UI_MIME = 'text/html;profile=mcp-app'
const APPS_VERSION = '2026-01-26'
const sandboxUrl = $('endpoint').dataset.sandbox || ''
const sandboxOrigin = sandboxUrl ? new URL(sandboxUrl).origin : ''
/** What one View may make this page hold: a message bucket (burst, refill per second), calls in flight. */
const BUDGET = { burst: 200, perSecond: 50, inFlight: 4 }
const MODES = ['inline', 'fullscreen']
const appTools = new Map()
const views = new Set()
const dark = matchMedia('(prefers-color-scheme: dark)')

function appUriOf(tool) {
  const meta = obj(tool._meta)
  const uri = obj(meta.ui).resourceUri || meta['ui/resourceUri']
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined
}
const visibilityOf = (tool) => (Array.isArray(obj(obj(tool._meta).ui).visibility) ? obj(tool._meta).ui.visibility : ['model', 'app'])
const strings = (v) => list(v).filter((x) => typeof x === 'string')
function cspOf(v) {
  const c = obj(v)
  const out = {}
  for (const k of ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains']) if (strings(c[k]).length) out[k] = strings(c[k])
  return out
}
const fail = (code, message) => Object.assign(new Error(message), { rpc: { code, message } })

// One listener for every View: a message counts only if it comes from a View's sandbox window and origin.
on(window, 'message', (e) => {
  for (const v of views) if (e.source === v.window()) { if (e.origin === sandboxOrigin) v.receive(e.data); return }
})
on(dark, 'change', () => { for (const v of views) v.notify('ui/notifications/host-context-changed', { theme: dark.matches ? 'dark' : 'light' }) })

/** Reads the tool's ui:// resource and shows it in panel; resolves with the View, or undefined. */
async function mountApp(panel, tool, args) {
  if (panel.view) await panel.view.teardown('Replaced by a new call')
  const uri = appUriOf(tool)
  const status = el('p', { class: 'muted' }, 'Loading the app ' + uri + '…')
  panel.replaceChildren(status)
  const say = (m) => { status.textContent = m; status.className = 'error'; return undefined }
  if (!sandboxOrigin) return say('Apps need a sandbox origin other than this page (the sandboxOrigin option): not shown.')
  let msg
  try { msg = await request('resources/read', { uri }, {}) } catch (err) { return say('Cannot read ' + uri + ': ' + err.message) }
  if (msg.error) return say('Cannot read ' + uri + ': ' + text(msg.error.message))
  const contents = list(obj(msg.result).contents).map(obj)
  const c = contents.find((x) => x.uri === uri) || contents[0] || {}
  if (typeof c.mimeType !== 'string' || c.mimeType.replace(/\s/g, '').toLowerCase() !== UI_MIME) return say(uri + ' is not ' + UI_MIME + ' (got ' + text(c.mimeType) + ')')
  let html
  try { html = typeof c.text === 'string' ? c.text : new TextDecoder().decode(Uint8Array.from(atob(text(c.blob)), (ch) => ch.charCodeAt(0))) } catch { return say(uri + ' has no readable HTML') }
  return createView(panel, status, tool, args, html, obj(obj(c._meta).ui))
}

function createView(panel, status, tool, args, html, meta) {
  const csp = cspOf(meta.csp)
  const src = sandboxUrl + '&origin=' + encodeURIComponent(location.origin) + '&csp=' + encodeURIComponent(JSON.stringify(csp))
  const frame = el('iframe', { class: 'app-frame', sandbox: 'allow-scripts allow-same-origin allow-forms', title: 'App ' + appUriOf(tool), src })
  if (meta.prefersBorder === false) frame.classList.add('borderless')
  const log = el('div', { class: 'app-log', 'aria-live': 'polite' })
  const contextBox = el('pre', { class: 'app-context', hidden: true })
  const close = el('button', { type: 'button', class: 'secondary', onclick: () => view.teardown('Closed by the person') }, 'Close app')
  const note = (...parts) => { put(log, el('p', {}, ...parts)); while (log.childNodes.length > 50) log.firstChild.remove() }
  let initialized = false
  let appCaps = {}
  let mode = 'inline'
  let tokens = BUDGET.burst
  let last = Date.now()
  let inFlight = 0
  let hostSeq = 0
  let dead = false
  const queue = []
  const waiting = new Map()
  const post = (m) => { if (!dead && frame.contentWindow) frame.contentWindow.postMessage(m, sandboxOrigin) }
  const context = () => ({
    toolInfo: { tool },
    theme: dark.matches ? 'dark' : 'light',
    displayMode: mode,
    availableDisplayModes: MODES,
    containerDimensions: { maxHeight: 4000 },
    locale: navigator.language,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    userAgent: 'edgemcp-explorer',
    platform: 'web',
    deviceCapabilities: { touch: matchMedia('(pointer: coarse)').matches, hover: matchMedia('(hover: hover)').matches },
  })
  const remove = (reason) => {
    dead = true
    views.delete(view)
    if (panel.view === view) panel.view = undefined
    drop(frame); drop(close)
    status.textContent = reason
    status.className = 'muted'
    for (const w of waiting.values()) w()
  }
  const handlers = {
    'ui/initialize': (p) => {
      appCaps = obj(p.appCapabilities)
      return { protocolVersion: APPS_VERSION, hostInfo: { name: 'edgemcp-explorer', version: '0.1.0' },
        hostCapabilities: { openLinks: {}, serverTools: {}, serverResources: {}, logging: {}, sandbox: { permissions: {}, csp } },
        hostContext: context() }
    },
    ping: () => ({}),
    'tools/call': async (p) => {
      const name = text(p.name)
      const t = appTools.get(name)
      if (!t || !visibilityOf(t).includes('app')) throw fail(-32602, 'Tool ' + name + ' is not callable by apps (its _meta.ui.visibility has no "app")')
      note('The app calls ', el('code', {}, name))
      return server('tools/call', { name, arguments: obj(p.arguments) })
    },
    'resources/read': (p) => server('resources/read', { uri: text(p.uri) }),
    'ui/open-link': (p) => {
      const href = safeHref(p.url)
      if (!href) throw fail(-32602, 'Invalid URL: only http(s) links open')
      note('The app asks to open ', el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, href))
      return {}
    },
    'ui/message': (p) => {
      const c = obj(p.content)
      note(el('strong', {}, 'Message (' + text(p.role || 'user') + '): '), c.type === 'text' ? text(c.text) : text(p.content))
      return {}
    },
    'ui/update-model-context': (p) => {
      contextBox.hidden = false
      contextBox.textContent = 'Model context from the app: ' + JSON.stringify({ content: p.content, structuredContent: p.structuredContent }, null, 2)
      return {}
    },
    'ui/request-display-mode': (p) => {
      const want = text(p.mode)
      const offered = Array.isArray(appCaps.availableDisplayModes) ? appCaps.availableDisplayModes : MODES
      if (MODES.includes(want) && offered.includes(want) && want !== mode) {
        mode = want
        panel.classList.toggle('app-fullscreen', mode === 'fullscreen')
        view.notify('ui/notifications/host-context-changed', { displayMode: mode })
      }
      return { mode }
    },
  }
  async function server(method, params) {
    if (inFlight >= BUDGET.inFlight) throw fail(-32000, 'Too many requests in flight (' + BUDGET.inFlight + ')')
    inFlight++
    try {
      const m = await request(method, params, { elicit: elicitIn(log) })
      if (m.error) throw fail(typeof m.error.code === 'number' ? m.error.code : -32603, text(m.error.message))
      return m.result
    } finally { inFlight-- }
  }
  async function answer(id, method, params) {
    const h = Object.prototype.hasOwnProperty.call(handlers, method) ? handlers[method] : undefined
    try {
      if (!h) throw fail(-32601, 'Method not found: ' + method)
      post({ jsonrpc: '2.0', id, result: await h(params) })
    } catch (err) {
      post({ jsonrpc: '2.0', id, error: err.rpc || { code: -32603, message: text(err && err.message) } })
    }
  }
  const view = {
    window: () => frame.contentWindow,
    receive(d) {
      if (dead) return
      const now = Date.now()
      tokens = Math.min(BUDGET.burst, tokens + ((now - last) / 1000) * BUDGET.perSecond)
      last = now
      if (--tokens < 0) { remove('The app sent too many messages and was stopped (budget: ' + BUDGET.burst + ' at once, ' + BUDGET.perSecond + ' a second).'); return }
      if (!d || typeof d !== 'object' || d.jsonrpc !== '2.0') return
      const method = typeof d.method === 'string' ? d.method : undefined
      const params = obj(d.params)
      if (method === 'ui/notifications/sandbox-proxy-ready') { post({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-resource-ready', params: { html, csp } }); return }
      if (method && (typeof d.id === 'string' || typeof d.id === 'number')) { answer(d.id, method, params); return }
      if (method === 'ui/notifications/initialized') {
        if (initialized) return
        initialized = true
        status.textContent = 'App ' + appUriOf(tool) + ':'
        for (const m of queue.splice(0)) post(m)
      } else if (method === 'ui/notifications/size-changed') {
        const h = Number(params.height)
        if (Number.isFinite(h)) frame.style.height = Math.max(40, Math.min(4000, Math.ceil(h))) + 'px'
      } else if (method === 'notifications/message') {
        note(el('span', { class: 'badge' }, text(params.level || 'info')), text(params.data))
      } else if (!method && waiting.has(d.id)) waiting.get(d.id)()
    },
    notify(method, params) {
      const m = { jsonrpc: '2.0', method, params }
      if (initialized) post(m); else queue.push(m)
    },
    toolDone(msg) {
      if (msg.error) view.notify('ui/notifications/tool-cancelled', { reason: 'The call failed: ' + text(msg.error.message) })
      else view.notify('ui/notifications/tool-result', msg.result)
    },
    /** ui/resource-teardown, answered or not within 3 s, then the frame goes. */
    async teardown(reason) {
      if (dead) return
      if (initialized) {
        const id = 'teardown-' + (++hostSeq)
        await new Promise((resolve) => {
          const timer = setTimeout(resolve, 3000)
          waiting.set(id, () => { clearTimeout(timer); resolve() })
          post({ jsonrpc: '2.0', id, method: 'ui/resource-teardown', params: { reason } })
        })
        waiting.delete(id)
      }
      remove(reason)
    },
  }
  view.notify('ui/notifications/tool-input', { arguments: args })
  views.add(view)
  panel.view = view
  panel.replaceChildren(status, frame, close, contextBox, log)
  return view
}
`
