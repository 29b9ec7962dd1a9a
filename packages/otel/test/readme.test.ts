// The README's example is examples/node.ts (type-checked with the package, kept identical here), and it does
// what it says: run against an OTLP/HTTP receiver process, one trace holds its CLIENT and SERVER spans.
import fs from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { OTLP_KIND, startReceiver } from './support/otlp.js'

const readme = fs.readFileSync(new URL('../README.md', import.meta.url), 'utf8')

const guide = fs.readFileSync(
  new URL('../../../docs/guides/trace-mcp-with-opentelemetry.md', import.meta.url),
  'utf8',
)
const blocks = (markdown: string, fence: string) =>
  [...markdown.matchAll(new RegExp(`\`\`\`${fence}\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1])

describe('the guide docs/guides/trace-mcp-with-opentelemetry.md', () => {
  it('shows the files the tests run: examples/node.ts for Node, test/worker/index.ts for Workers', () => {
    expect(blocks(guide, 'ts run')[0]).toBe(
      fs.readFileSync(new URL('../examples/node.ts', import.meta.url), 'utf8'),
    )
    expect(blocks(guide, 'ts worker')).toEqual([
      fs.readFileSync(new URL('./worker/index.ts', import.meta.url), 'utf8'),
    ])
  })

  it('its Wrangler config binds what the Worker exports, with nodejs_compat and the OTLP endpoint', () => {
    const config = blocks(guide, 'jsonc')[0]!
    const tested = fs.readFileSync(new URL('./worker/wrangler.jsonc', import.meta.url), 'utf8')
    for (const part of [
      '"compatibility_flags": ["nodejs_compat"]',
      '{ "name": "MCP_SESSION", "class_name": "McpSessionObject" }',
      '{ "name": "MCP_HUB", "class_name": "McpHubObject" }',
      '"migrations": [{ "tag": "v1", "new_sqlite_classes": ["McpSessionObject", "McpHubObject"] }]',
    ]) {
      expect(config).toContain(part)
      expect(tested).toContain(part)
    }
    expect(config).toContain('"OTLP_TRACES_URL"')
  })
})

describe('README', () => {
  it('starts with the install line and links only absolute URLs (npm shows it away from the repository)', () => {
    expect(readme.split('\n').slice(0, 5).join('\n')).toContain(
      'npm i @edgemcp/otel @edgemcp/core @edgemcp/streamable-http @opentelemetry/api',
    )
    const links = [...readme.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!)
    expect(links.length).toBeGreaterThan(3)
    for (const link of links) expect(link).toMatch(/^https:\/\//)
  })

  it('shows examples/node.ts as its first example', () => {
    const first = /```ts run\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(first).toBe(fs.readFileSync(new URL('../examples/node.ts', import.meta.url), 'utf8'))
  })

  it('examples/node.ts sends one trace of a tools/call to an OTLP/HTTP receiver', async () => {
    const receiver = await startReceiver()
    vi.stubEnv('OTEL_EXPORTER_OTLP_ENDPOINT', receiver.url)
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    await import('../examples/node.js')
    expect(log).toHaveBeenCalledWith([{ type: 'text', text: '5' }])
    log.mockRestore()
    const spans = await receiver.spans()
    const client = spans.find((s) => s.name === 'tools/call add' && s.kind === OTLP_KIND.CLIENT)
    const server = spans.find((s) => s.name === 'tools/call add' && s.kind === OTLP_KIND.SERVER)
    expect(client).toBeDefined()
    expect(server).toMatchObject({ traceId: client!.traceId, parentSpanId: client!.spanId })
    expect(server!.attributes).toMatchObject({ 'gen_ai.tool.name': 'add', 'mcp.method.name': 'tools/call' })
    // The meter provider's shutdown exported the duration histograms.
    const points = await receiver.histogramPoints('mcp.server.operation.duration')
    expect(points.some((p) => p.attributes['mcp.method.name'] === 'tools/call')).toBe(true)
  })
})
