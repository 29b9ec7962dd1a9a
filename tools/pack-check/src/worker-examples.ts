/** The wrangler config of a Worker example: the one the docs show with it (main replaced), or a minimal one. */
export function wranglerConfigFor(main: string, shown: string | undefined): string {
  if (shown === undefined)
    return JSON.stringify({ name: 'consumer', main, compatibility_date: '2026-04-01' }, null, 2)
  return shown.replace(/"main"\s*:\s*"[^"]*"/, `"main": ${JSON.stringify(main)}`)
}

/** A readiness probe for wrangler dev: ready when the Worker answers anything (an MCP endpoint refuses GET). */
export async function readyOnAnyAnswer(url: string, signal: AbortSignal): Promise<Response> {
  const res = await fetch(url, { signal })
  await res.body?.cancel()
  return new Response(null, { status: 200 })
}

/** Where a Worker serves MCP: /mcp, or / for a Worker that hands every path to the MCP handler. */
export async function mcpPath(origin: string): Promise<string> {
  const res = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  })
  await res.body?.cancel()
  return res.status === 404 ? '/' : '/mcp'
}
