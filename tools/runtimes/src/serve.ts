// The conformance app served by the runtime's own HTTP server: `deno run -A src/serve.ts` (Deno.serve) or
// `bun src/serve.ts` (Bun.serve). Node's path (@hono/node-server) is covered by apps/conformance-server.
//   /mcp   the conformance server on Streamable HTTP (both eras), as the official suite expects
//   /auto  the same fixtures behind createAutoHandler: Streamable HTTP and legacy HTTP+SSE (2024-11-05)
// PORT (0 or unset: a free one). Prints "listening on http://127.0.0.1:<port>" once serving.
import { createConformanceApp } from '@edgemcp/conformance-server/app'
import { createConformanceServer } from '@edgemcp/conformance-server/create-server'
import { createAutoHandler } from '@edgemcp/sse'

/** The two runtimes' serve APIs, declared here: this package type-checks without their type packages. */
declare const Deno:
  | {
      env: { get(name: string): string | undefined }
      serve(
        options: { port: number; hostname: string; onListen(addr: { port: number }): void },
        handler: (request: Request) => Response | Promise<Response>,
      ): unknown
    }
  | undefined
declare const Bun:
  | {
      serve(options: {
        port: number
        hostname: string
        idleTimeout: number
        fetch: (request: Request) => Response | Promise<Response>
      }): { port: number }
    }
  | undefined

// No reverse proxy in front: the Host header is checked here, as serve() of @edgemcp/streamable-http/node does
// on loopback (DNS-rebinding protection, a scenario of the suite).
const allowedHosts = (host: string) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i.test(host)
const { app } = createConformanceApp({ allowedHosts })
app.route('/auto', createAutoHandler(createConformanceServer(), { allowedHosts }))

const listening = (port: number) => console.log(`listening on http://127.0.0.1:${port}`)
if (typeof Deno !== 'undefined') {
  const port = Number(Deno.env.get('PORT') ?? 0)
  Deno.serve({ port, hostname: '127.0.0.1', onListen: ({ port }) => listening(port) }, app.fetch)
} else if (typeof Bun !== 'undefined') {
  const port = Number(process.env.PORT ?? 0)
  // idleTimeout 0: Bun closes a connection idle for 10 s by default, which would cut SSE streams between
  // keep-alives (15 s). Users serving SSE on Bun need the same (or an idleTimeout above keepAliveMs).
  listening(Bun.serve({ port, hostname: '127.0.0.1', idleTimeout: 0, fetch: app.fetch }).port)
} else {
  throw new Error('run this with deno or bun')
}
