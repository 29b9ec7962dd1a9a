// Session ceiling on Durable Objects: the Worker forwards every request to an object named by its
// Mcp-Session-Id (a new id for initialize), and the object answers as the raw Hono ceiling does. What a
// session in a Durable Object costs before any MCP library.
import { DurableObject } from 'cloudflare:workers'
import { rawHonoApp } from '../../servers/raw-app.mjs'

const SESSION_HEADER = 'x-bench-session'

export class RawSessionObject extends DurableObject {
  /** @type {import('hono').Hono | undefined} */
  app
  sessionId = ''
  /** @param {Request} request */
  fetch(request) {
    if (this.app === undefined) {
      this.sessionId = request.headers.get(SESSION_HEADER) ?? ''
      this.app = rawHonoApp({ toolset: this.env.TOOLSET, sessionId: () => this.sessionId })
    }
    return this.app.fetch(request)
  }
}

export default {
  /** @param {Request} request @param {{ RAW_SESSION: any }} env */
  fetch(request, env) {
    const sessionId = request.headers.get('mcp-session-id') ?? crypto.randomUUID()
    const headers = new Headers(request.headers)
    headers.set(SESSION_HEADER, sessionId)
    const stub = env.RAW_SESSION.get(env.RAW_SESSION.idFromName(sessionId))
    return stub.fetch(request.url, { method: request.method, headers, body: request.body })
  },
}
