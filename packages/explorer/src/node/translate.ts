import type { JsonObject, McpClient } from '@edgemcp/core'

const PREFIX = 'io.modelcontextprotocol/'
/** The methods whose elicitations the page answers through MRTR rounds. */
const ASKING = new Set(['tools/call', 'prompts/get', 'resources/read'])
/** Calls kept waiting for the page's answer at once; the oldest is cancelled beyond. */
const MAX_WAITING = 32

type Event = { done: JsonObject } | { ask: { key: string; params: JsonObject } }
/** Receives the notifications (progress) of the page's request while it runs. */
export type NoteSink = (notification: JsonObject) => void

interface Pending {
  readonly events: Event[]
  /** The page's progress token and where its notifications go, for the round in progress. */
  progress: { token: string | number; sink: NoteSink } | undefined
  wake: (() => void) | undefined
  readonly answers: Map<string, (answer: JsonObject) => void>
}

/**
 * The page's 2026-07-28 requests as calls of the connected client, which speaks whatever era the target does:
 * `server/discover` is answered from the handshake; the page's own `_meta` keys are dropped; an elicitation
 * the target sends during a call becomes an MRTR `input_required` answer to the page, whose retry (with
 * `inputResponses` and the `requestState`) answers the target; a call's progress goes to the round's sink.
 * An elicitation belongs to the call started last that is still running.
 */
export class Translator {
  readonly #pending = new Map<string, Pending>()
  #current: Pending | undefined
  #seq = 0

  constructor(private readonly client: McpClient) {
    client.onElicit(
      (params) =>
        new Promise((resolve) => {
          const p = this.#current
          if (!p) return resolve({ action: 'decline' })
          const key = `e${++this.#seq}`
          p.answers.set(key, (a) => resolve(a as never))
          this.#push(p, { ask: { key, params: params as unknown as JsonObject } })
        }),
    )
  }

  /** One JSON-RPC message of the page; its response, or undefined for a notification. */
  async translate(body: unknown, sink?: NoteSink): Promise<JsonObject | undefined> {
    const msg = (body && typeof body === 'object' ? body : {}) as JsonObject
    const id = msg.id
    if (typeof id !== 'string' && typeof id !== 'number') return undefined
    const reply = (r: JsonObject) => ({ jsonrpc: '2.0', id, ...r })
    if (msg.jsonrpc !== '2.0' || typeof msg.method !== 'string')
      return reply({ error: { code: -32600, message: 'Invalid Request' } })
    const client = this.client
    if (msg.method === 'server/discover')
      return reply({
        result: {
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: client.serverCapabilities ?? {},
          serverInfo: (client.serverInfo ?? { name: 'server', version: '' }) as unknown as JsonObject,
          ...(client.instructions ? { instructions: client.instructions } : {}),
        },
      })
    const params = { ...((msg.params ?? {}) as JsonObject) }
    const state = params.requestState
    const responses = (params.inputResponses ?? {}) as Record<string, JsonObject>
    for (const k of ['requestState', 'inputResponses', '_meta']) delete params[k]
    const meta = { ...((msg.params as JsonObject | undefined)?._meta ?? {}) } as JsonObject
    const token = meta.progressToken
    const progress =
      sink && (typeof token === 'string' || typeof token === 'number') ? { token, sink } : undefined
    for (const k of Object.keys(meta)) if (k.startsWith(PREFIX) || k === 'progressToken') delete meta[k]
    if (Object.keys(meta).length) params._meta = meta
    if (!ASKING.has(msg.method)) return reply(await settle(client.request(msg.method, params)))

    let pending = typeof state === 'string' ? this.#pending.get(state) : undefined
    let key = typeof state === 'string' ? state : ''
    if (pending) {
      pending.progress = progress
      for (const [k, answer] of Object.entries(responses)) {
        pending.answers.get(k)?.(answer)
        pending.answers.delete(k)
      }
    } else {
      if (typeof state === 'string')
        return reply({ error: { code: -32602, message: 'Unknown requestState' } })
      const p: Pending = { events: [], progress, wake: undefined, answers: new Map() }
      pending = p
      key = `r${++this.#seq}`
      this.#pending.set(key, p)
      this.#current = p
      const onprogress = (info: { progress: number; total?: number; message?: string }) =>
        p.progress?.sink({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: p.progress.token, ...info },
        })
      const options = progress ? { timeoutMs: 600_000, onprogress } : { timeoutMs: 600_000 }
      void settle(client.request(msg.method, params, options)).then((done) => this.#push(p, { done }))
      if (this.#pending.size > MAX_WAITING) this.#forget(this.#pending.keys().next().value as string)
    }
    const event = await this.#next(pending)
    pending.progress = undefined
    if ('done' in event) {
      this.#forget(key)
      return reply(event.done)
    }
    return reply({
      result: {
        resultType: 'input_required',
        inputRequests: { [event.ask.key]: { method: 'elicitation/create', params: event.ask.params } },
        requestState: key,
      },
    })
  }

  #push(p: Pending, e: Event) {
    p.events.push(e)
    p.wake?.()
  }

  async #next(p: Pending): Promise<Event> {
    while (!p.events.length) await new Promise<void>((resolve) => (p.wake = resolve))
    p.wake = undefined
    return p.events.shift() as Event
  }

  #forget(key: string) {
    const p = this.#pending.get(key)
    if (!p) return
    this.#pending.delete(key)
    for (const answer of p.answers.values()) answer({ action: 'cancel' })
    if (this.#current === p) this.#current = undefined
  }
}

async function settle(p: Promise<unknown>): Promise<JsonObject> {
  try {
    return { result: (await p) as JsonObject }
  } catch (e) {
    const err = e as { code?: unknown; message?: unknown; data?: unknown }
    return {
      error: {
        code: typeof err.code === 'number' ? err.code : -32603,
        message: String(err.message ?? e),
        ...(err.data === undefined ? {} : { data: err.data as JsonObject }),
      },
    }
  }
}
