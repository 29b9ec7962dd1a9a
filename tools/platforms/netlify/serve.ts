// How the test runs the Netlify entry on Deno, as Netlify Edge does: the module's default export answers the
// requests of the path its `config` names; every other path is not the function's (404).
import handler, { config } from './edge-functions/mcp.ts'

Deno.serve((request) =>
  new URL(request.url).pathname === config.path
    ? handler(request)
    : new Response('Not found', { status: 404 }),
)
