/**
 * The page's script, plain DOM (no framework, nothing fetched but the endpoint). It speaks 2026-07-28:
 * stateless requests with `_meta`, progress tokens, and MRTR rounds whose elicitations the person answers in a
 * form. Written without template literals so it can live in this string.
 */
export const SCRIPT = String.raw`const V = '2026-07-28'
const P = 'io.modelcontextprotocol/'
const $ = (id) => document.getElementById(id)
const endpointPath = $('endpoint').dataset.path
const endpoint = new URL(endpointPath, location.href).toString()
$('endpoint').textContent = endpoint
let seq = 0
const PROGRESS_LOG = 100
let token = ''

// Server strings reach the DOM only through these: text nodes and attributes of safe text, and DOM methods
// called from the prototypes (a form control named "addEventListener" or "append" shadows the form's own).
const on = (t, type, fn) => EventTarget.prototype.addEventListener.call(t, type, fn)
const put = (parent, ...nodes) => Element.prototype.append.call(parent, ...nodes)
const drop = (node) => Element.prototype.remove.call(node)
const find = (node, selector) => Element.prototype.querySelector.call(node, selector)
/** Any value as text, never throwing: an object whose toString is not a function is shown as JSON. */
function text(v) {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v)
  try { const j = JSON.stringify(v); return j === undefined ? '' : j } catch { return '[unprintable]' }
}
/** The URL if it is http(s), else undefined: a server's link never runs script here. */
function safeHref(v) {
  try { const u = new URL(text(v)); return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined } catch { return undefined }
}
const list = (v) => (Array.isArray(v) ? v : [])
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {})

function el(tag, attrs, ...children) {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue
    if (k === 'class') e.className = v
    else if (k.startsWith('on')) on(e, k.slice(2), v)
    else if (k in e && typeof v !== 'string' && typeof v !== 'object') e[k] = v
    else e.setAttribute(k, v === true ? '' : text(v))
  }
  for (const c of children.flat()) if (c !== undefined && c !== null) put(e, c instanceof Node ? c : text(c))
  return e
}

function headerValue(v) {
  return /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(v)
    ? v
    : '=?base64?' + btoa(String.fromCharCode(...new TextEncoder().encode(v))) + '?='
}

/** One JSON-RPC request; notifications on an SSE answer go to onNote. Resolves with the response message. */
async function rpc(method, params, onNote) {
  const id = ++seq
  const meta = Object.assign({}, params && params._meta)
  meta[P + 'protocolVersion'] = V
  meta[P + 'clientInfo'] = { name: 'edgemcp-explorer', version: '0.1.0' }
  meta[P + 'clientCapabilities'] = { elicitation: { form: {}, url: {} }, extensions: { [P + 'ui']: { mimeTypes: [UI_MIME] } } }
  const body = { jsonrpc: '2.0', id, method, params: Object.assign({}, params, { _meta: meta }) }
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': V,
    'mcp-method': method,
  }
  const name = method === 'resources/read' ? params.uri : method === 'tools/call' || method === 'prompts/get' ? params.name : undefined
  if (typeof name === 'string') headers['mcp-name'] = headerValue(name)
  if (token) headers.authorization = 'Bearer ' + token
  const r = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body) })
  const type = r.headers.get('content-type') || ''
  if (type.includes('text/event-stream') && r.body) {
    const reader = r.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    let data = []
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += value
      let nl
      while ((nl = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, nl)
        buffer = buffer.slice(nl + (buffer[nl] === '\r' ? 2 : 1))
        if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
        else if (line === '' && data.length) {
          const msg = JSON.parse(data.join('\n'))
          data = []
          if (msg.id === id && ('result' in msg || 'error' in msg)) {
            reader.cancel().catch(() => {})
            return msg
          }
          if (msg.method && onNote) onNote(msg)
        }
      }
    }
    throw new Error('The stream ended without an answer (HTTP ' + r.status + ')')
  }
  const text = await r.text()
  let msg
  try { msg = JSON.parse(text) } catch { msg = undefined }
  if (msg && ('result' in msg || 'error' in msg)) return msg
  const hint = r.status === 401 ? ' — this server needs a bearer token' : r.status === 403 ? ' — refused (token scope, or this origin is not allowed)' : ''
  throw new Error('HTTP ' + r.status + hint + (text ? ': ' + text.slice(0, 200) : ''))
}

/** A request with MRTR: input_required rounds are answered (elicitations by the person) and retried. */
async function request(method, params, ui) {
  let round = Object.assign({}, params)
  for (let i = 0; i < 16; i++) {
    const msg = await rpc(method, round, ui && ui.onNote)
    if (msg.error || !msg.result || msg.result.resultType !== 'input_required') return msg
    const responses = {}
    for (const [key, req] of Object.entries(msg.result.inputRequests || {})) {
      if (req.method === 'elicitation/create' && ui && ui.elicit) responses[key] = await ui.elicit(req.params || {})
      else return { error: { code: 0, message: 'The server asked for ' + req.method + ', which this page cannot answer' } }
    }
    round = Object.assign({}, params, { inputResponses: responses })
    if (msg.result.requestState !== undefined) round.requestState = msg.result.requestState
  }
  return { error: { code: 0, message: 'Too many input rounds' } }
}

async function listAll(method, key) {
  const all = []
  let cursor
  for (let i = 0; i < 50; i++) {
    const msg = await rpc(method, cursor ? { cursor } : {})
    if (msg.error) return { error: msg.error, items: all }
    all.push(...list(obj(msg.result)[key]))
    cursor = msg.result.nextCursor
    if (!cursor) break
  }
  return { items: all }
}

// ---- forms from JSON Schema ----
let fieldSeq = 0
/** A field for schema; returns { node, read } where read() gives the value or undefined (left out). */
function field(schema, name, required, label) {
  schema = obj(schema)
  const id = 'f' + (++fieldSeq)
  const title = label || schema.title || name
  const desc = schema.description ? el('span', { class: 'field-desc' }, ' — ' + schema.description) : null
  const head = (forId) => el('label', { for: forId }, title, required ? el('span', { class: 'req', 'aria-hidden': 'true' }, ' *') : null, desc)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  const oneOf = list(schema.oneOf).map(obj)
  const enumValues = Array.isArray(schema.enum) ? schema.enum : oneOf.length && oneOf.every((o) => 'const' in o) ? oneOf.map((o) => o.const) : null
  if (enumValues) {
    const select = el('select', { id, name, required },
      required && schema.default === undefined ? null : el('option', { value: '' }, '(none)'),
      enumValues.map((v, i) => el('option', { value: String(i), selected: schema.default === v }, (oneOf[i] && oneOf[i].title) || text(v))))
    return { node: el('div', {}, head(id), select), read: () => (select.value === '' ? undefined : enumValues[Number(select.value)]) }
  }
  if (type === 'boolean') {
    const box = el('input', { id, name, type: 'checkbox', checked: schema.default === true })
    let touched = schema.default !== undefined
    on(box, 'change', () => { touched = true })
    return { node: el('div', {}, el('label', { for: id }, box, title, desc)), read: () => (required || touched ? box.checked : undefined) }
  }
  if (type === 'number' || type === 'integer') {
    const input = el('input', { id, name, type: 'number', inputmode: type === 'integer' ? 'numeric' : 'decimal', step: type === 'integer' ? '1' : 'any', required, min: schema.minimum, max: schema.maximum, value: schema.default === undefined ? '' : text(schema.default) })
    return { node: el('div', {}, head(id), input), read: () => (input.value === '' ? undefined : Number(input.value)) }
  }
  if (type === 'string') {
    const long = (schema.maxLength || 10000) > 200 && /body|text|content|description|note/i.test(name)
    const input = long
      ? el('textarea', { id, name, rows: 3, required, maxlength: schema.maxLength })
      : el('input', { id, name, type: schema.format === 'email' ? 'email' : schema.format === 'uri' ? 'url' : 'text', required, maxlength: schema.maxLength, autocomplete: 'off' })
    if (schema.default !== undefined) input.value = text(schema.default)
    return { node: el('div', {}, head(id), input), read: () => (input.value === '' && !required ? undefined : input.value) }
  }
  if (type === 'array') {
    const items = []
    const box = el('div', {})
    const add = () => {
      const f = field(schema.items, name + '[' + items.length + ']', true, 'Item ' + (items.length + 1))
      const entry = { f, node: el('div', { class: 'card' }, f.node) }
      put(entry.node, el('button', { type: 'button', class: 'secondary', onclick: () => { items.splice(items.indexOf(entry), 1); entry.node.remove() } }, 'Remove'))
      items.push(entry)
      put(box, entry.node)
    }
    if (Array.isArray(schema.default)) schema.default.forEach(() => add())
    const fs = el('fieldset', {}, el('legend', {}, title, required ? el('span', { class: 'req' }, ' *') : null, desc), box,
      el('button', { type: 'button', class: 'secondary', onclick: add }, 'Add item'))
    return { node: fs, read: () => (items.length === 0 && !required ? undefined : items.map((i) => i.f.read())) }
  }
  if (type === 'object' || schema.properties) {
    const fields = objectFields(schema)
    const fs = el('fieldset', {}, el('legend', {}, title, desc), fields.map((f) => f.node))
    return { node: fs, read: () => { const v = readObject(fields); return Object.keys(v).length === 0 && !required ? undefined : v } }
  }
  const area = el('textarea', { id, name, rows: 2, placeholder: 'JSON' })
  return { node: el('div', {}, head(id), area), read: () => (area.value.trim() === '' ? undefined : JSON.parse(area.value)) }
}
function objectFields(schema) {
  const req = new Set(list(schema.required))
  return Object.entries(obj(schema.properties)).map(([k, s]) => Object.assign(field(s, k, req.has(k)), { key: k }))
}
function readObject(fields) {
  const out = {}
  for (const f of fields) { const v = f.read(); if (v !== undefined) out[f.key] = v }
  return out
}

// ---- results ----
function show(box, msg) {
  box.replaceChildren()
  box.className = 'result'
  if (msg instanceof Error) { box.classList.add('error'); put(box, el('pre', {}, msg.message)); return }
  if (msg.error) {
    box.classList.add('error')
    put(box, el('pre', {}, 'Error ' + text(msg.error.code) + ': ' + text(msg.error.message) + (msg.error.data === undefined ? '' : '\n' + JSON.stringify(msg.error.data, null, 2))))
    return
  }
  const r = msg.result
  if (r.isError) box.classList.add('error')
  const blocks = r.content || (r.contents || []).map((c) => Object.assign({ type: 'resource', resource: c })) || []
  if (r.messages) for (const m of list(r.messages).map(obj)) put(box, el('p', { class: 'muted' }, text(m.role) + ':'), content(m.content))
  for (const c of list(blocks)) put(box, content(c))
  if (r.structuredContent !== undefined) put(box, el('details', { open: true }, el('summary', {}, 'Structured content'), el('pre', {}, JSON.stringify(r.structuredContent, null, 2))))
  if (!box.childNodes.length) put(box, el('pre', {}, JSON.stringify(r, null, 2)))
}
function content(c) {
  if (!c) return el('pre', {}, '')
  if (c.type === 'text') return el('pre', {}, c.text)
  if (c.type === 'image') return el('img', { src: 'data:' + c.mimeType + ';base64,' + c.data, alt: 'image from the server' })
  if (c.type === 'audio') return el('audio', { controls: true, src: 'data:' + c.mimeType + ';base64,' + c.data })
  if (c.type === 'resource') {
    const res = c.resource || {}
    return el('div', {}, el('p', { class: 'muted' }, text(res.uri) + (res.mimeType ? ' (' + text(res.mimeType) + ')' : '')),
      res.text !== undefined ? el('pre', {}, res.text) : /^image\//.test(res.mimeType || '') ? el('img', { src: 'data:' + res.mimeType + ';base64,' + res.blob, alt: res.uri }) : el('pre', {}, '[' + (res.blob || '').length + ' base64 characters]'))
  }
  if (c.type === 'resource_link') return el('p', {}, 'Resource link: ', el('code', {}, c.uri), c.description ? ' — ' + c.description : '')
  return el('pre', {}, JSON.stringify(c, null, 2))
}

// ---- elicitation ----
function elicitIn(box) {
  return (params) => new Promise((resolve) => {
    const fields = params.mode === 'url' ? [] : objectFields(obj(params.requestedSchema))
    const href = params.mode === 'url' ? safeHref(params.url) : undefined
    const form = el('form', { class: 'elicit', 'aria-label': 'The server asks' },
      el('p', {}, el('strong', {}, 'The server asks: '), params.message || ''),
      params.mode === 'url' ? el('p', {}, href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, href) : el('span', { class: 'error' }, 'Not an http(s) link, not opened: ', el('code', {}, text(params.url)))) : null,
      fields.map((f) => f.node))
    const done = (answer) => { drop(form); resolve(answer) }
    put(form,
      el('button', { type: 'submit' }, 'Accept'),
      el('button', { type: 'button', class: 'secondary', onclick: () => done({ action: 'decline' }) }, 'Decline'),
      el('button', { type: 'button', class: 'secondary', onclick: () => done({ action: 'cancel' }) }, 'Cancel'))
    on(form, 'submit', (e) => {
      e.preventDefault()
      try { done(params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: readObject(fields) }) } catch (err) { alert(err.message) }
    })
    put(box, form)
    const first = find(form, 'input,select,textarea,button')
    if (first) first.focus()
  })
}

// ---- cards ----
const badges = (a) => Object.entries(a || {}).filter(([k, v]) => v === true || (k === 'title' && false)).map(([k]) => el('span', { class: 'badge' }, k.replace(/Hint$/, '')))
function card(kind, item, fields, run, buttonText) {
  const result = el('div', { class: 'result', 'aria-live': 'polite' })
  const progress = el('div', {})
  const app = el('div', { class: 'app' })
  const button = el('button', { type: 'submit' }, buttonText)
  const form = el('form', { 'data-name': item.name || item.uri || item.uriTemplate }, fields.map((f) => f.node), button)
  on(form, 'submit', async (e) => {
    e.preventDefault()
    button.disabled = true
    progress.replaceChildren()
    result.replaceChildren(el('p', { class: 'muted' }, 'Working…'))
    try {
      show(result, await run(readObject(fields), { progress, result, app, elicit: elicitIn(result) }))
    } catch (err) {
      show(result, err)
    } finally {
      button.disabled = false
      // The bar goes; the log of what the call reported stays until the next call.
      const log = find(progress, '.progress-log')
      progress.replaceChildren(...(log ? [log] : []))
    }
  })
  return el('article', { class: 'card ' + kind, id: kind + '-' + text(item.name || item.uri || item.uriTemplate) },
    el('h3', {}, item.title || item.name || item.uri, item.title && item.name ? el('code', { class: 'muted' }, ' ' + item.name) : null),
    item.description ? el('p', {}, item.description) : null,
    item.uri || item.uriTemplate ? el('p', {}, el('code', {}, item.uri || item.uriTemplate), item.mimeType ? el('span', { class: 'muted' }, ' ' + item.mimeType) : null) : null,
    el('div', {}, badges(item.annotations)), form, progress, app, result)
}

function toolCard(tool) {
  const fields = objectFields(obj(tool.inputSchema))
  const uri = appUriOf(tool)
  return card('tool', tool, fields, async (args, ui) => {
    const token = 'p' + (++seq)
    const bar = el('progress', { max: 1 })
    const label = el('span', { class: 'muted' })
    const lines = el('ol', {})
    const summary = el('summary', {})
    const history = el('details', { class: 'progress-log' }, summary, lines)
    let updates = 0
    ui.progress.replaceChildren(bar, label)
    // A tool with an app: the View loads while the call runs, and gets the input, then the result.
    const view = uri ? mountApp(ui.app, tool, args) : undefined
    const outcome = request('tools/call', { name: tool.name, arguments: args, _meta: { progressToken: token } }, {
      elicit: ui.elicit,
      onNote: (n) => {
        if (n.method !== 'notifications/progress' || n.params.progressToken !== token) return
        if (n.params.total) { bar.max = n.params.total; bar.value = n.params.progress } else bar.removeAttribute('value')
        const line = text(n.params.progress) + (n.params.total ? ' / ' + text(n.params.total) : '') + (n.params.message ? ' — ' + text(n.params.message) : '')
        label.textContent = ' ' + line
        // Every update in order, the last PROGRESS_LOG kept: a chatty server cannot grow the page without bound.
        if (++updates === 1) put(ui.progress, history)
        put(lines, el('li', {}, line))
        if (lines.children.length > PROGRESS_LOG) drop(lines.firstElementChild)
        summary.textContent = updates > PROGRESS_LOG ? 'Progress: the last ' + PROGRESS_LOG + ' of ' + updates + ' updates' : 'Progress: ' + updates + (updates === 1 ? ' update' : ' updates')
      },
    })
    if (view) outcome.then((msg) => view.then((v) => v && v.toolDone(msg)), (err) => view.then((v) => v && v.toolDone({ error: { code: 0, message: err.message } })))
    return outcome
  }, 'Call')
}
function templateVars(t) {
  return [...new Set((t.match(/\{[^}]*\}/g) || []).flatMap((x) => x.slice(1, -1).replace(/^[+#./;?&]/, '').split(',').map((v) => v.replace(/[*:].*$/, ''))))]
}
function expand(t, vars) {
  return t.replace(/\{([^}]*)\}/g, (_, expr) => {
    const op = /^[+#./;?&]/.test(expr) ? expr[0] : ''
    const names = (op ? expr.slice(1) : expr).split(',').map((v) => v.replace(/[*:].*$/, ''))
    const enc = (v) => (op === '+' || op === '#' ? encodeURI(v) : encodeURIComponent(v))
    const parts = names.filter((n) => vars[n] !== undefined).map((n) => (op === '?' || op === '&' || op === ';' ? n + '=' : '') + enc(String(vars[n])))
    if (!parts.length) return ''
    const sep = op === '?' ? '&' : op === '.' ? '.' : op === '/' ? '/' : op === ';' ? ';' : op === '&' ? '&' : ','
    return (op === '+' ? '' : op) + parts.join(sep)
  })
}

/** One card per item; an item that cannot be shown becomes a line saying so, and the others stay. */
function cards(items, what, build) {
  if (!items.length) return [el('p', { class: 'muted' }, 'No ' + what + '.')]
  return items.map((item) => {
    try { return build(obj(item)) } catch (err) {
      return el('p', { class: 'card error' }, 'Cannot show ', el('code', {}, text(obj(item).name || obj(item).uri)), ': ' + text(err && err.message))
    }
  })
}

async function load() {
  $('status').textContent = 'Connecting…'
  $('status').className = ''
  try {
    const d = await rpc('server/discover', {})
    if (d.error) throw new Error('server/discover: ' + d.error.message)
    const r = d.result
    const info = r.serverInfo || (r._meta && r._meta[P + 'serverInfo']) || {}
    const name = info.title || info.name || 'MCP server'
    $('server-title').textContent = name
    document.title = name + ' — MCP explorer'
    $('server-version').textContent = (info.name || '') + (info.version ? ' ' + info.version : '') + ' · protocol ' + V
    $('instructions').textContent = r.instructions || ''
    const caps = r.capabilities || {}
    const [tools, resources, templates, prompts] = await Promise.all([
      caps.tools ? listAll('tools/list', 'tools') : { items: [] },
      caps.resources ? listAll('resources/list', 'resources') : { items: [] },
      caps.resources ? listAll('resources/templates/list', 'resourceTemplates') : { items: [] },
      caps.prompts ? listAll('prompts/list', 'prompts') : { items: [] },
    ])
    $('tools').replaceChildren(...cards(tools.items, 'tools', toolCard))
    $('resources').replaceChildren(...cards(resources.items, 'resources', (res) => card('resource', res, [], () => request('resources/read', { uri: res.uri }, {}), 'Read')))
    $('templates').replaceChildren(...cards(templates.items, 'resource templates', (t) => {
      const fields = templateVars(text(t.uriTemplate)).map((v) => Object.assign(field({ type: 'string' }, v, true), { key: v }))
      return card('template', t, fields, (vars, ui) => request('resources/read', { uri: expand(text(t.uriTemplate), vars) }, { elicit: ui.elicit }), 'Read')
    }))
    $('prompts').replaceChildren(...cards(prompts.items, 'prompts', (p) => {
      const fields = list(p.arguments).map(obj).map((a) => Object.assign(field({ type: 'string', description: a.description }, text(a.name), a.required === true, a.title), { key: text(a.name) }))
      return card('prompt', p, fields, (args, ui) => request('prompts/get', { name: p.name, arguments: args }, { elicit: ui.elicit }), 'Get')
    }))
    appTools.clear()
    for (const t of tools.items) if (t && typeof t.name === 'string') appTools.set(t.name, t)
    snippets(info, tools.items)
    const failed = [tools, resources, templates, prompts].find((x) => x.error)
    $('status').textContent = failed ? 'Connected, but a list failed: ' + failed.error.message : 'Connected.'
  } catch (err) {
    $('status').textContent = err.message
    $('status').className = 'error'
  }
}

function snippets(info, tools) {
  const meta = {}
  meta[P + 'protocolVersion'] = V
  meta[P + 'clientInfo'] = { name: 'curl', version: '1' }
  meta[P + 'clientCapabilities'] = {}
  const auth = token ? " -H 'authorization: Bearer " + token.replace(/'/g, '') + "'" : ''
  const curl = (method, params, name) => 'curl -sN ' + endpoint + " -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' -H 'mcp-protocol-version: " + V + "' -H 'mcp-method: " + method + "'" + (name ? " -H 'mcp-name: " + name + "'" : '') + auth + " -d '" + JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: Object.assign({}, params, { _meta: meta }) }).replace(/'/g, "'\\''") + "'"
  const tool = tools.find((t) => !(t.inputSchema && t.inputSchema.required && t.inputSchema.required.length)) || tools[0]
  const lines = [curl('server/discover', {}), curl('tools/list', {})]
  if (tool) lines.push(curl('tools/call', { name: tool.name, arguments: {} }, tool.name))
  const config = { mcpServers: {} }
  config.mcpServers[(info.name || 'mcp').replace(/[^\w-]/g, '-')] = Object.assign({ url: endpoint }, token ? { headers: { Authorization: 'Bearer ' + token } } : {})
  const block = (title, text) => {
    const pre = el('pre', {}, text)
    const copy = el('button', { type: 'button', class: 'secondary', onclick: () => navigator.clipboard.writeText(text).then(() => { copy.textContent = 'Copied' }, () => { copy.textContent = 'Select and copy' }) }, 'Copy')
    return el('div', { class: 'snippet' }, el('h3', {}, title), pre, copy)
  }
  $('snippets').replaceChildren(
    block('curl (2026-07-28: no session, each request carries _meta)', lines.join('\n\n')),
    block('A typed client for this server', 'npx edgemcp-codegen ' + endpoint + ' -o client.ts'),
    block('Claude / Cursor style config (mcp.json)', JSON.stringify(config, null, 2)))
}

on($('connect'), 'submit', (e) => {
  e.preventDefault()
  token = $('token').value.trim()
  load()
})
`
