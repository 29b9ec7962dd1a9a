import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { McpServer } from '../server/mcp-server.js'
import { rawPeer } from '../../test/helpers/raw-peer.js'
import { AppRegistrationError, registerAppResource, registerAppTool } from './register.js'
import { clientSupportsApps } from './support.js'
import { APP_MIME_TYPE, APPS_EXTENSION } from './types.js'

const HTML = '<!doctype html><html><body><p>board</p></body></html>'
const server = () => new McpServer({ name: 'apps', version: '1.0.0' })
const withBoard = () => {
  const s = server()
  registerAppResource(s, { uri: 'ui://notes/board', name: 'board', html: HTML })
  return s
}
const fallback = () => ({ content: [{ type: 'text' as const, text: 'done' }] })

describe('registerAppResource refuses what the specification forbids', () => {
  it.each([
    [{ uri: 'https://x/board' }, /app resource "https:\/\/x\/board": uri must use the ui:\/\/ scheme/],
    [{ html: 'hello' }, /"ui:\/\/b": its content must be an HTML document/],
    [
      { ui: { csp: { connectDomains: ['api.example.com'] } } },
      /_meta\.ui\.csp\.connectDomains\[0\] must be an origin/,
    ],
    [{ ui: { csp: { resourceDomains: ['https://cdn.example.com/lib.js'] } } }, /resourceDomains\[0\]/],
    [{ ui: { csp: { scriptDomains: [] } } }, /_meta\.ui\.csp\.scriptDomains is not a CSP field/],
    [{ ui: { permissions: { usb: {} } } }, /_meta\.ui\.permissions\.usb is not one of/],
    [{ ui: { prefersBorder: 'yes' } }, /_meta\.ui\.prefersBorder must be a boolean/],
    [{ ui: { domain: '' } }, /_meta\.ui\.domain must be a non-empty string/],
  ])('%j', (change, message) => {
    const options = { uri: 'ui://b', name: 'b', html: HTML, ...change } as never
    expect(() => registerAppResource(server(), options)).toThrow(AppRegistrationError)
    expect(() => registerAppResource(server(), options)).toThrow(message)
  })

  it('accepts origins with wildcard subdomains and ports', () => {
    const ui = {
      csp: { connectDomains: ['https://api.example.com', 'wss://live.example.com:8443'] },
      permissions: { clipboardWrite: {} },
      prefersBorder: true,
    }
    expect(() =>
      registerAppResource(server(), {
        uri: 'ui://b',
        name: 'b',
        html: HTML,
        ui: { ...ui, csp: { ...ui.csp, resourceDomains: ['https://*.example.com'] } },
      }),
    ).not.toThrow()
  })
})

describe('registerAppTool refuses what the specification forbids', () => {
  it('names the tool and the field', () => {
    const tool = (ui: object) => () => registerAppTool(withBoard(), 'add', { ui: ui as never }, fallback)
    expect(tool({ resourceUri: 'https://x' })).toThrow(
      /app tool "add": _meta\.ui\.resourceUri must be a ui:\/\/ URI/,
    )
    expect(tool({ resourceUri: 'ui://notes/other' })).toThrow(
      /app tool "add": _meta\.ui\.resourceUri names ui:\/\/notes\/other, which is not registered/,
    )
    expect(tool({ resourceUri: 'ui://notes/board', visibility: ['user'] })).toThrow(
      /_meta\.ui\.visibility\[0\] must be "model" or "app"/,
    )
    expect(tool({ resourceUri: 'ui://notes/board', visibility: [] })).toThrow(/non-empty array/)
    expect(tool({ resourceUri: 'ui://notes/board', visibility: ['app', 'app'] })).toThrow(/twice/)
  })
})

describe('an app on the wire', () => {
  it('declares the extension, lists the tool with both _meta keys, reads the View', async () => {
    const s = withBoard()
    registerAppTool(s, 'list', { ui: { resourceUri: 'ui://notes/board', visibility: ['app'] } }, () =>
      fallback(),
    )
    const peer = await rawPeer(s)
    const meta = { _meta: modernMeta() }
    const discovered = await peer.request('server/discover', meta)
    expect(discovered.result.capabilities.extensions).toEqual({ [APPS_EXTENSION]: {} })
    const tools = await peer.request('tools/list', meta)
    expect(tools.result.tools[0]._meta).toEqual({
      ui: { resourceUri: 'ui://notes/board', visibility: ['app'] },
      'ui/resourceUri': 'ui://notes/board',
    })
    const read = await peer.request('resources/read', { ...meta, uri: 'ui://notes/board' })
    expect(read.result.contents).toEqual([{ uri: 'ui://notes/board', mimeType: APP_MIME_TYPE, text: HTML }])
  })

  it('serves blob content and _meta.ui on the listing and the read', async () => {
    const s = server()
    const ui = { prefersBorder: false }
    registerAppResource(s, { uri: 'ui://b', name: 'b', html: async () => HTML, encoding: 'blob', ui })
    const peer = await rawPeer(s)
    const meta = { _meta: modernMeta() }
    const listed = await peer.request('resources/list', meta)
    expect(listed.result.resources[0]).toMatchObject({
      uri: 'ui://b',
      mimeType: APP_MIME_TYPE,
      _meta: { ui },
    })
    const read = await peer.request('resources/read', { ...meta, uri: 'ui://b' })
    const [content] = read.result.contents
    expect(atob(content.blob)).toBe(HTML)
    expect(content._meta).toEqual({ ui })
  })

  it('tells a handler whether this request’s client renders apps', async () => {
    const s = withBoard()
    registerAppTool(s, 'show', { ui: { resourceUri: 'ui://notes/board' } }, (_a, ctx) => ({
      content: [{ type: 'text', text: clientSupportsApps(ctx) ? 'rendered' : 'text only' }],
    }))
    const peer = await rawPeer(s)
    const call = (caps: object) =>
      peer.request('tools/call', {
        name: 'show',
        _meta: modernMeta({ 'io.modelcontextprotocol/clientCapabilities': caps }),
      })
    const ui = { extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } } }
    expect((await call(ui)).result.content[0].text).toBe('rendered')
    expect((await call({})).result.content[0].text).toBe('text only')
    expect(
      (await call({ extensions: { [APPS_EXTENSION]: { mimeTypes: ['text/plain'] } } })).result.content[0]
        .text,
    ).toBe('text only')
  })
})
