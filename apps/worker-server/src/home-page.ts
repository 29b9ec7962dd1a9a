/** `GET /`: how to connect, with the URLs of the running server. */
export function homePage(request: Request, mcpPath: string): Response {
  const url = new URL(mcpPath, request.url).toString()
  const curl =
    `curl -s ${url} -H 'content-type: application/json' -H 'accept: application/json, text/event-stream' ` +
    `-d '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"curl","version":"1"}}}'`
  const escapeHtml = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>edgemcp notes server</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}pre{background:#f4f4f4;padding:.75rem;overflow-x:auto;white-space:pre-wrap}</style>
</head><body>
<h1>edgemcp notes server</h1>
<p>A Model Context Protocol server on Cloudflare Workers: notes in Durable Object SQLite, a long task with
progress, a calculator. Clients of every MCP revision (2024-11-05 to 2026-07-28) connect to one URL.</p>
<h2>Connect</h2>
<p>MCP endpoint (Streamable HTTP, and legacy HTTP+SSE on the same path):</p>
<pre>${escapeHtml(url)}</pre>
<p>Try it with curl:</p>
<pre>${escapeHtml(curl)}</pre>
<p>Generate a typed client:</p>
<pre>${escapeHtml(`npx edgemcp-codegen ${url} -o client.ts`)}</pre>
</body></html>
`
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })
}
