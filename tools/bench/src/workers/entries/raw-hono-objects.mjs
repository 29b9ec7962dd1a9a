// Cold-start ceiling of createMcpWorker: a raw Hono Worker that declares the same Durable Object namespaces
// (a session class and a hub class; workerd sets up every namespace a Worker declares). MODE stateless: the
// Worker answers as raw-hono.mjs does; MODE session: it forwards to a session object as raw-hono-do.mjs does.
// The hub class is declared and never used, as createMcpWorker's hub is idle in these workloads.
import { DurableObject } from 'cloudflare:workers'
import stateless from './raw-hono.mjs'
import session from './raw-hono-do.mjs'

export { RawSessionObject } from './raw-hono-do.mjs'

export class RawHubObject extends DurableObject {}

export default {
  /** @param {Request} request @param {{ MODE: 'stateless' | 'session', TOOLSET: 'echo' | 'many', RAW_SESSION: any }} env */
  fetch(request, env) {
    return env.MODE === 'session' ? session.fetch(request, env) : stateless.fetch(request, env)
  },
}
