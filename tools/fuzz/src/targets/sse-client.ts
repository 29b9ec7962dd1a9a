import { isObject } from '@edgemcp/core/internal'
import { parseSse } from '../read-reply.js'
import { bodyProblems } from '../validate.js'
import { ADD, type SumTool } from './streamable-client.js'
import { JSON_HEADERS, nextProbeId, resultText, type Send } from './target.js'

/**
 * A legacy HTTP+SSE session seen from the client: the GET stream is drained in the background (so a
 * session is never dropped as a slow reader), every message on it is validated, and answers are matched by id.
 */
export class SseSession {
  readonly messages: unknown[] = []
  readonly problems: string[] = []
  ended = false
  endpoint = ''
  private readonly abort = new AbortController()
  private waiters = new Map<unknown, (m: unknown) => void>()

  private constructor(private readonly send: Send) {}

  /** Opens the stream at `ssePath` and, with `version`, initializes the session. */
  static async open(send: Send, ssePath: string, version?: string): Promise<SseSession> {
    const s = new SseSession(send)
    const res = await send(ssePath, {
      method: 'GET',
      headers: { Accept: 'text/event-stream' },
      signal: s.abort.signal,
    })
    if (res.status !== 200 || !res.body) throw new Error(`SSE GET ${ssePath}: ${res.status}`)
    const gotEndpoint = new Promise<void>((resolve, reject) => {
      void s
        .pump(res.body as ReadableStream<Uint8Array>, resolve)
        .then(() => reject(new Error('SSE stream ended before its endpoint event')))
    })
    await gotEndpoint
    if (version) {
      const init = await s.request('initialize', {
        protocolVersion: version,
        capabilities: {},
        clientInfo: { name: 'fuzz-victim', version: '1' },
      })
      if (!isObject(init) || !isObject(init.result))
        throw new Error(`SSE initialize failed: ${JSON.stringify(init)}`)
      await s.post({ jsonrpc: '2.0', method: 'notifications/initialized' })
    }
    return s
  }

  /** The session id named by the endpoint event. */
  get id(): string {
    return new URL(this.endpoint, 'http://x').searchParams.get('sessionId') ?? ''
  }

  private async pump(body: ReadableStream<Uint8Array>, onEndpoint: () => void): Promise<void> {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        const cut = buffer.lastIndexOf('\n\n')
        if (cut < 0) continue
        const complete = buffer.slice(0, cut + 2)
        buffer = buffer.slice(cut + 2)
        for (const block of complete.split('\n\n')) {
          if (block.startsWith('event: endpoint')) {
            this.endpoint = parseSse(block).data[0] ?? ''
            onEndpoint()
            continue
          }
          for (const data of parseSse(block).data) this.onData(data)
        }
      }
    } catch {
      // aborted
    }
    this.ended = true
  }

  private onData(data: string): void {
    let m: unknown
    try {
      m = JSON.parse(data)
    } catch {
      this.problems.push(`SSE message is not JSON: ${data.slice(0, 100)}`)
      return
    }
    this.problems.push(...bodyProblems(m).map((p) => `SSE stream message: ${p}`))
    const list = Array.isArray(m) ? m : [m]
    for (const item of list) {
      if (isObject(item) && ('result' in item || 'error' in item)) this.waiters.get(item.id)?.(item)
    }
    if (this.messages.length < 1000) this.messages.push(m)
  }

  async post(message: unknown): Promise<Response> {
    const res = await this.send(this.endpoint, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(message),
    })
    await res.body?.cancel()
    if (res.status === 404) this.ended = true // the session is gone (its stream closed): open a new one
    return res
  }

  /** Posts a request and waits for its answer on the stream. */
  async request(method: string, params: unknown, timeoutMs = 15_000): Promise<unknown> {
    // Generous: a probe that only lost a race with a busy 2-core CI machine is no finding.
    const id = `probe-${nextProbeId()}`
    let timer: ReturnType<typeof setTimeout> | undefined
    const answer = new Promise<unknown>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer to ${method} on the SSE stream`)), timeoutMs)
      this.waiters.set(id, (m) => {
        clearTimeout(timer)
        this.waiters.delete(id)
        resolve(m)
      })
    })
    const giveUp = () => {
      clearTimeout(timer)
      this.waiters.delete(id)
    }
    let res: Response
    try {
      res = await this.post({ jsonrpc: '2.0', id, method, params })
    } catch (e) {
      giveUp() // the POST failed: report that, never leave the answer's timer to reject unhandled
      throw e
    }
    if (res.status !== 202) {
      giveUp()
      throw new Error(`POST ${method} to the SSE session: ${res.status}`)
    }
    return answer
  }

  /** A tools/call of the sum tool (default: the fuzz server's `add`) answered on the stream. */
  async probe(label: string, tool: SumTool = ADD): Promise<string[]> {
    const a = nextProbeId() % 50
    try {
      const m = await this.request('tools/call', { name: tool.name, arguments: tool.args(a, 2) })
      return resultText(m) === String(a + 2) ? [] : [`${label}: wrong answer ${JSON.stringify(m)}`]
    } catch (e) {
      return [`${label}: ${(e as Error).message}`]
    }
  }

  /** Problems seen on the stream since the last call. */
  takeProblems(): string[] {
    return this.problems.splice(0)
  }

  close(): void {
    this.abort.abort()
  }
}
