import { SseParser } from '@edgemcp/streamable-http/internal'

export type Json = Record<string, any>

const REV = '2025-11-25'
const ACCEPT = 'application/json, text/event-stream'

/** Why a call attempt did not produce its result. Each is something a client can see and act on. */
export type Failure =
  | 'instance-stopped' // a JSON-RPC error: the instance serving the call stopped (resume elsewhere told so)
  | 'error-response' // another JSON-RPC error response
  | 'unavailable' // 503 with Retry-After (Redis away) after every retry
  | 'dropped-before-stream' // the connection broke before the answer's first event (nothing to resume)
  | 'session-gone' // 404: the session ended
  | 'http-error' // any other HTTP status
  | 'hung' // no outcome before the deadline (must stay 0)
  | 'unclear' // anything else: a failure that says nothing (must stay 0)

/** What one attempt of a call saw. */
export interface Attempt {
  result?: Json
  failure?: Failure
  detail?: string
  /** Event ids and progress values seen twice in this attempt's streams (must stay empty). */
  duplicates: string[]
  progress: number[]
  elicitations: number
  resumptions: number
  /** 503 answers (with Retry-After) waited out and retried. */
  retried503: number
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits what a 503's Retry-After says (at least 100 ms, at most 5 s). */
const retryAfter = (res: Response) =>
  sleep(Math.min(5000, Math.max(100, Number(res.headers.get('retry-after') ?? 1) * 1000)))

/**
 * Reads one SSE response, handing each event to `onEvent`; resolves when it ends or breaks (true when it
 * ended normally).
 */
async function readSse(
  res: Response,
  onEvent: (id: string | undefined, data: string) => void,
): Promise<boolean> {
  const parser = new SseParser({ onEvent: (e) => onEvent(e.hasId ? e.lastEventId : undefined, e.data) })
  try {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    for (let r = await reader.read(); !r.done; r = await reader.read()) parser.push(r.value)
    return true
  } catch {
    return false
  }
}

/** A legacy session driven over raw HTTP through the proxy, checking every event it gets. */
export class ChaosSession {
  #nextId = 1
  constructor(
    readonly url: string,
    public headers: Record<string, string>,
  ) {}

  static async open(url: string): Promise<ChaosSession> {
    for (let tries = 0; ; tries++) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: REV,
            capabilities: { elicitation: {} },
            clientInfo: { name: 'chaos', version: '1' },
          },
        }),
      }).catch(() => undefined)
      if (res?.status === 200) {
        const sessionId = res.headers.get('mcp-session-id')!
        await res.body?.cancel()
        const session = new ChaosSession(url, { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': REV })
        const ok = await session.#post({ jsonrpc: '2.0', method: 'notifications/initialized' })
        await ok?.body?.cancel()
        return session
      }
      await res?.body?.cancel()
      if (tries > 20) throw new Error(`initialize failed: ${res?.status}`)
      await sleep(200)
    }
  }

  #post(body: unknown, signal?: AbortSignal): Promise<Response | undefined> {
    return fetch(this.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...this.headers },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    }).catch(() => undefined)
  }

  /**
   * One attempt of a tools/call: POST it (retrying 503s), read its SSE answer, answer an elicitation (through
   * the proxy: another instance), resume a broken stream with Last-Event-ID (another instance again), and
   * optionally drop the connection after the first event (`dropEarly`) to force a resumption. At `deadline`
   * whatever it waits for is aborted and the attempt is `hung`, saying where it waited: a hang fails the run
   * at once instead of holding it until the test's own timeout.
   */
  async call(name: string, args: Json, options: { dropEarly: boolean; deadline: number }): Promise<Attempt> {
    const attempt: Attempt = { duplicates: [], progress: [], elicitations: 0, resumptions: 0, retried503: 0 }
    const started = Date.now()
    const signal = AbortSignal.timeout(Math.max(0, options.deadline - started))
    let waitingFor = 'the POST answer'
    const hung = (): Attempt => ({
      ...attempt,
      failure: 'hung',
      detail: `no answer after ${Date.now() - started} ms: waited for ${waitingFor} (last event ${lastEventId ?? 'none'}, ${attempt.resumptions} resumptions)`,
    })
    const id = this.#nextId++
    const seenIds = new Set<string>()
    const seenElicitations = new Set<unknown>()
    let lastEventId: string | undefined
    let final: Json | undefined
    const onEvent = (eventId: string | undefined, data: string) => {
      if (eventId !== undefined) {
        if (seenIds.has(eventId)) attempt.duplicates.push(`event ${eventId}`)
        seenIds.add(eventId)
        lastEventId = eventId
      }
      if (data === '') return
      const m = JSON.parse(data) as Json
      if (m.method === 'notifications/progress') {
        if (attempt.progress.includes(m.params.progress))
          attempt.duplicates.push(`progress ${m.params.progress}`)
        attempt.progress.push(m.params.progress)
      } else if (m.method === 'elicitation/create') {
        if (seenElicitations.has(m.id)) attempt.duplicates.push(`elicitation ${m.id}`)
        seenElicitations.add(m.id)
        attempt.elicitations++
        void this.#answer(m.id, options.deadline, signal)
      } else if (!('method' in m)) {
        if (final) attempt.duplicates.push(`response ${m.id}`)
        final = m
      }
    }

    const body = {
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args, _meta: { progressToken: `c${id}` } },
    }
    let res: Response | undefined
    for (;;) {
      res = await this.#post(body, signal)
      if (res?.status !== 503 || Date.now() > options.deadline) break
      attempt.retried503++
      await retryAfter(res)
    }
    if (signal.aborted) return hung()
    if (!res) return { ...attempt, failure: 'dropped-before-stream' }
    if (res.status !== 200) return this.#httpFailure(attempt, res)
    if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
      return this.#finish(attempt, (await res.json()) as Json)
    let stream: Response = res
    let drop = options.dropEarly
    waitingFor = 'the events of the POST stream'
    for (;;) {
      if (drop) {
        drop = false
        await readUntilFirstMessage(stream, onEvent)
      } else await readSse(stream, onEvent)
      if (final) return this.#finish(attempt, final)
      if (signal.aborted || Date.now() > options.deadline) return hung()
      if (lastEventId === undefined) return { ...attempt, failure: 'dropped-before-stream' }
      // The stream broke (or was closed for polling) before the answer: resume it, wherever the proxy sends us.
      attempt.resumptions++
      waitingFor = 'the answer to a resumption GET'
      const resumed = await this.#resume(lastEventId, options.deadline, attempt, signal)
      if (signal.aborted) return hung()
      if (!(resumed instanceof Response)) return { ...attempt, ...resumed }
      waitingFor = 'the events of a resumed stream'
      stream = resumed
    }
  }

  async #resume(
    lastEventId: string,
    deadline: number,
    attempt: Attempt,
    signal: AbortSignal,
  ): Promise<Response | Pick<Attempt, 'failure' | 'detail'>> {
    for (;;) {
      const res = await fetch(this.url, {
        headers: { Accept: 'text/event-stream', ...this.headers, 'Last-Event-ID': lastEventId },
        signal,
      }).catch(() => undefined)
      if (signal.aborted) return { failure: 'hung' }
      if (res?.status === 200) return res
      const status = res?.status
      await res?.body?.cancel()
      if (Date.now() > deadline) return { failure: 'unavailable', detail: `resumption: ${status}` }
      if (status === 503) attempt.retried503++
      if (status === 503 || status === undefined || status === 502) await (res ? retryAfter(res) : sleep(200))
      else
        return {
          failure: status === 404 ? 'session-gone' : 'unclear',
          detail: `resumption answered ${status}`,
        }
    }
  }

  /** Answers an elicitation through the proxy (retrying 503s); a 400 means its instance stopped meanwhile. */
  async #answer(requestId: unknown, deadline: number, signal: AbortSignal): Promise<void> {
    const body = {
      jsonrpc: '2.0',
      id: requestId,
      result: { action: 'accept', content: { username: 'chaos', email: 'c@example.com' } },
    }
    for (;;) {
      const res = await this.#post(body, signal)
      await res?.body?.cancel()
      if (res?.status !== 503 && res !== undefined) return
      if (Date.now() > deadline || signal.aborted) return
      await (res ? retryAfter(res) : sleep(200))
    }
  }

  async #httpFailure(attempt: Attempt, res: Response): Promise<Attempt> {
    const text = await res.text().catch(() => '')
    if (res.status === 503) return { ...attempt, failure: 'unavailable', detail: text.slice(0, 200) }
    if (res.status === 404) return { ...attempt, failure: 'session-gone', detail: text.slice(0, 200) }
    return { ...attempt, failure: 'http-error', detail: `${res.status} ${text.slice(0, 200)}` }
  }

  #finish(attempt: Attempt, response: Json): Attempt {
    if ('result' in response) return { ...attempt, result: response.result as Json }
    const message = String(response.error?.message ?? '')
    return {
      ...attempt,
      failure: /instance .* (stopped|shut down) before answering/.test(message)
        ? 'instance-stopped'
        : 'error-response',
      detail: message,
    }
  }
}

/** Reads until the first JSON message, then drops the connection (a client losing its network). */
async function readUntilFirstMessage(res: Response, onEvent: (id: string | undefined, data: string) => void) {
  const controller = new AbortController()
  const parser = new SseParser({
    onEvent: (e) => {
      onEvent(e.hasId ? e.lastEventId : undefined, e.data)
      if (e.data !== '') controller.abort()
    },
  })
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  try {
    while (!controller.signal.aborted) {
      const r = await reader.read()
      if (r.done) return
      parser.push(r.value)
    }
  } catch {
    return
  }
  await reader.cancel().catch(() => {})
}
