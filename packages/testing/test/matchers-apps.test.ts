import { McpServer } from '@edgemcp/core'
import { registerAppResource, registerAppTool } from '@edgemcp/core/apps'
import { describe, expect, it } from 'vitest'
import { mcpInProcess } from '../src/index.js'

const HTML = '<!doctype html><html><body>board</body></html>'
const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] })

/** A server whose app follows the specification (registered through @edgemcp/core/apps). */
function goodServer() {
  const server = new McpServer({ name: 'good', version: '1.0.0' })
  registerAppResource(server, { uri: 'ui://good/board', name: 'board', html: HTML })
  registerAppTool(server, 'show', { ui: { resourceUri: 'ui://good/board' } }, () => text('shown'))
  server.tool('plain', {}, () => text('plain'))
  return server
}

/** A server that writes `_meta.ui` by hand, breaking the rules (as any server may). */
function badServer() {
  const server = new McpServer({ name: 'bad', version: '1.0.0' })
  server.resource('ui://bad/view', { name: 'view', mimeType: 'text/html' }, (uri) => ({
    contents: [
      {
        uri,
        mimeType: 'text/html',
        text: 'not html',
        _meta: { ui: { csp: { connectDomains: ['*'] } } },
      },
    ],
  }))
  server.tool('show', { _meta: { ui: { resourceUri: 'ui://bad/view', visibility: ['user'] } } }, () =>
    text('x'),
  )
  server.tool('ghost', { _meta: { ui: { resourceUri: 'ui://bad/missing' } } }, () => text('x'))
  server.tool('view', { _meta: { ui: { resourceUri: 'ui://bad/view' } } }, () => text('x'))
  return server
}

describe.each(['2025-11-25', '2026-07-28'])('app matchers (%s)', (protocolVersion) => {
  it('pass on a server whose apps follow the specification', async () => {
    const app = mcpInProcess(goodServer(), { protocolVersion })
    await expect(app).toHaveValidApps()
    await expect(app).toHaveApp('ui://good/board')
    await expect(app).not.toHaveApp('ui://good/other')
    await app.close()
  })

  it('fail with each broken rule named', async () => {
    const app = mcpInProcess(badServer(), { protocolVersion })
    const failure = await expect(app)
      .toHaveValidApps()
      .then(
        () => '',
        (e: Error) => e.message,
      )
    expect(failure).toContain('tool "show": _meta.ui.visibility[0] must be "model" or "app"')
    expect(failure).toContain('app resource "ui://bad/missing": cannot be read')
    expect(failure).toContain(
      'app resource "ui://bad/view": contents[].mimeType must be text/html;profile=mcp-app',
    )
    expect(failure).toContain('its content must be an HTML document')
    expect(failure).toContain('_meta.ui.csp.connectDomains[0] must be an origin')
    await expect(app).not.toHaveApp('ui://bad/view')
    await app.close()
  })

  it('fail on a server without apps', async () => {
    const server = new McpServer({ name: 'none', version: '1.0.0' })
    server.tool('plain', {}, () => text('plain'))
    const app = mcpInProcess(server, { protocolVersion })
    await expect(expect(app).toHaveValidApps()).rejects.toThrow(/no tool names a ui:\/\/ resource/)
    await app.close()
  })
})
