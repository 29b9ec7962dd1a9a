import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { listenForTest } from '@edgemcp/test-helpers/node'

export type Json = Record<string, any>

/** One request as the scripted server saw it. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  /** The parsed JSON body of a POST (undefined when empty or not JSON). */
  body: Json | undefined
}

export interface ScriptedServer {
  url: string
  seen: SeenRequest[]
  /** The JSON-RPC methods POSTed, in order. */
  methods(): string[]
}

/**
 * A real HTTP server on 127.0.0.1:0 whose every answer the test writes by hand (a hostile, broken or
 * unusual server), closed when the test finishes.
 */
export async function scriptedServer(
  answer: (request: SeenRequest, res: ServerResponse) => void | Promise<void>,
): Promise<ScriptedServer> {
  const seen: SeenRequest[] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let body: Json | undefined
    try {
      body = text ? (JSON.parse(text) as Json) : undefined
    } catch {
      body = undefined
    }
    const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body }
    seen.push(request)
    try {
      await answer(request, res)
    } catch {
      res.destroy()
    }
  })
  const origin = await listenForTest(server)
  return {
    url: `${origin}/mcp`,
    seen,
    methods: () => seen.flatMap((r) => (typeof r.body?.method === 'string' ? [r.body.method] : [])),
  }
}

/** Writes a JSON-RPC result for `request`. */
export function sendResult(
  res: ServerResponse,
  request: SeenRequest,
  result: Json,
  headers: Json = {},
): void {
  res.writeHead(200, { 'Content-Type': 'application/json', ...headers })
  res.end(JSON.stringify({ jsonrpc: '2.0', id: request.body?.id, result }))
}

/** A valid 2026-07-28 DiscoverResult. */
export const DISCOVER_RESULT = {
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: { tools: {} },
  ttlMs: 0,
  cacheScope: 'private',
}

/** The legacy InitializeResult of a 2025-11-25 server. */
export const INITIALIZE_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'scripted', version: '1.0.0' },
}
