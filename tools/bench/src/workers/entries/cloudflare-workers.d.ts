// The part of workerd's `cloudflare:workers` module the raw Durable Object Worker uses (the full types are
// @cloudflare/workers-types, whose globals would clash with @types/node in this Node-typed package).
declare module 'cloudflare:workers' {
  export class DurableObject {
    constructor(ctx: unknown, env: Record<string, any>)
    protected ctx: unknown
    protected env: Record<string, any>
  }
}
