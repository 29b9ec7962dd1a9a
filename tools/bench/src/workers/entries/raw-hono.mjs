// Ceiling: a Hono Worker answering the bytes a conforming server sends, without an MCP library. Sessions are
// a header it hands out (no state), so in workload (b) it is the ceiling of an in-isolate session.
import { rawHonoApp } from '../../servers/raw-app.mjs'

/** @type {import('hono').Hono | undefined} */
let app
let sessionId = ''

export default {
  /** @param {Request} request @param {{ TOOLSET: 'echo' | 'many' }} env */
  fetch(request, env) {
    if (app === undefined) {
      sessionId = crypto.randomUUID()
      app = rawHonoApp({ toolset: env.TOOLSET, sessionId: () => sessionId })
    }
    return app.fetch(request)
  },
}
