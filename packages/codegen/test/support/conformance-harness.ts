import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Schema, Validator } from '@cfworker/json-schema'
import {
  type CallToolResult,
  type ClientHandlers,
  type ElicitResult,
  type Era,
  type JsonObject,
  McpClient,
  type ProgressInfo,
  type RequestId,
  type Subscription,
} from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'

/** The two wires the round trip speaks: a legacy session and the stateless 2026-07-28 protocol. */
export type Protocol = '2025-11-25' | '2026-07-28'

/** One HTTP request of the client transport. */
export interface Sent {
  method: string
  headers: Headers
  /** The parsed JSON body of a POST. */
  body: any
}

/** What one generated-function call (tool, prompt or resource) saw on the way. */
export interface CallRecord {
  name: string
  /** The raw result as the client returned it (tools only). */
  result?: CallToolResult
  progress: ProgressInfo[]
  /** `data` of each notifications/message. */
  logs: unknown[]
  /** Elicitation, sampling and roots requests the client answered: `key` is the server's request id
   * (legacy) or the `inputRequests` key (2026-07-28). */
  inputs: Array<{ method: string; key: RequestId; params: any }>
  sent: Sent[]
}

/** Fixed user answers (those the conformance scenarios give), by the message the server shows. */
const ELICIT_ANSWERS: Array<[RegExp, Record<string, unknown>]> = [
  [/^Please provide your information$/, { username: 'testuser', email: 'test@example.com' }],
  [
    /^Please review and update the form fields with defaults$/,
    { name: 'Jane Smith', age: 25, score: 88.5, status: 'inactive', verified: false },
  ],
  [
    /^Please select options from the enum fields$/,
    {
      untitledSingle: 'option1',
      titledSingle: 'value1',
      legacyEnum: 'opt1',
      untitledMulti: ['option1', 'option2'],
      titledMulti: ['value1', 'value2'],
    },
  ],
  [/^What is your name\?$/, { name: 'Alice' }],
  [/^Please confirm$/, { ok: true }],
  [/^What is your favorite color, /, { color: 'blue' }],
  [/^What context should the prompt use\?$/, { context: 'test context' }],
]

export const elicitAnswer = (message: string): Record<string, unknown> | undefined =>
  ELICIT_ANSWERS.find(([pattern]) => pattern.test(message))?.[1]

export const ROOTS = [{ uri: 'file:///test/root', name: 'Test Root' }]

/** The model's answer to a sampling prompt. */
export const modelAnswer = (prompt: string): string => `answer to: ${prompt}`

const require = createRequire(import.meta.url)

/** Validates values against one definition of a revision's official schema (the copy shipped by core). */
export function specValidator(protocol: Protocol, definition: string): (value: unknown) => string[] {
  const text = readFileSync(require.resolve(`@edgemcp/core/spec/${protocol}.schema.json`), 'utf8')
  const schema = { ...(JSON.parse(text) as object), $ref: `#/$defs/${definition}` } as Schema
  const validator = new Validator(schema, '2020-12', false)
  return (value) =>
    validator.validate(value).errors.map((e) => `${e.instanceLocation} ${e.error} (${e.keywordLocation})`)
}

/**
 * A core McpClient on the Streamable HTTP transport, with every request, input request, progress and log
 * notification recorded per call, and an adapter with the structural shape the generated functions need.
 */
export class Harness {
  readonly records: CallRecord[] = []
  /** Methods of the list-changed notifications received through `listen`. */
  readonly changes: string[] = []
  /** Appends `-TAMPERED` to the requestState of every retried request while set. */
  tamper = false
  private current: CallRecord | undefined
  #subscription: Subscription | undefined

  private constructor(
    readonly client: McpClient,
    readonly transport: StreamableHttpClientTransport,
  ) {}

  /** Connects; `handlers: 'roots-only'` declares neither sampling nor elicitation. */
  static async connect(url: URL, protocol: Protocol, handlers: 'all' | 'roots-only'): Promise<Harness> {
    let harness: Harness | undefined
    const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
      fetch(input, harness ? harness.#record(init) : init)
    const transport = new StreamableHttpClientTransport(url, { fetch: fetchImpl })
    const record = (method: string, key: RequestId, params: unknown) =>
      harness?.current?.inputs.push({ method, key, params })
    const answers: ClientHandlers = {
      listRoots: (ctx) => {
        record('roots/list', ctx.requestId, {})
        return { roots: ROOTS }
      },
    }
    if (handlers === 'all') {
      answers.elicit = (params, ctx): ElicitResult => {
        record('elicitation/create', ctx.requestId, params)
        const content = elicitAnswer(params.message)
        return content ? { action: 'accept', content } : { action: 'decline' }
      }
      answers.sample = (params, ctx) => {
        record('sampling/createMessage', ctx.requestId, params)
        const last = params.messages.at(-1)?.content as { text?: string } | undefined
        const text = modelAnswer(String(last?.text))
        return {
          role: 'assistant',
          content: { type: 'text', text },
          model: 'test-model',
          stopReason: 'endTurn',
        }
      }
    }
    const client = new McpClient(
      { name: 'codegen-conformance', version: '1.0.0' },
      { protocol, handlers: answers, requestTimeoutMs: 10_000 },
    )
    harness = new Harness(client, transport)
    client.onNotification('notifications/message', (n) => harness?.current?.logs.push(n.params.data))
    await client.connect(transport)
    if (client.era === 'legacy') await transport.openStandaloneStream()
    return harness
  }

  get era(): Era {
    return this.client.era ?? 'legacy'
  }

  /** Subscribes to tool and prompt list changes (legacy: emulated on the standalone GET stream). */
  async listen(): Promise<void> {
    this.#subscription = this.client.listen({ toolsListChanged: true, promptsListChanged: true }, (n) =>
      this.changes.push(n.method),
    )
    await this.#subscription.acknowledged
  }

  async close(): Promise<void> {
    await this.#subscription?.close()
    await this.client.close()
  }

  /** The adapter handed to the generated `createClient`: records each call, asks for progress. */
  readonly caller = {
    callTool: async (
      params: { name: string; arguments?: Record<string, unknown> },
      options?: { signal?: AbortSignal; timeoutMs?: number },
    ): Promise<CallToolResult> => {
      const record = this.#begin(params.name)
      const result = await this.client.callTool(
        { name: params.name, ...(params.arguments ? { arguments: params.arguments as JsonObject } : {}) },
        { ...options, onprogress: (p) => record.progress.push(p) },
      )
      record.result = result
      return result
    },
    getPrompt: (params: { name: string; arguments?: Record<string, string> }, options?: object) => {
      this.#begin(params.name)
      return this.client.getPrompt(params, options)
    },
    readResource: (params: { uri: string }, options?: object) => {
      this.#begin(params.uri)
      return this.client.readResource(params, options)
    },
  }

  /** The record of the last call of `name`. */
  last(name: string): CallRecord {
    const record = this.records.findLast((r) => r.name === name)
    if (!record) throw new Error(`${name} was never called`)
    return record
  }

  #begin(name: string): CallRecord {
    const record: CallRecord = { name, progress: [], logs: [], inputs: [], sent: [] }
    this.records.push(record)
    this.current = record
    return record
  }

  /** Records one HTTP request (and tampers with it when asked). */
  #record(init: RequestInit | undefined): RequestInit | undefined {
    let body: any
    if (typeof init?.body === 'string') {
      body = JSON.parse(init.body)
      if (this.tamper && typeof body.params?.requestState === 'string') {
        body.params.requestState += '-TAMPERED'
        init = { ...init, body: JSON.stringify(body) }
      }
    }
    this.current?.sent.push({ method: init?.method ?? 'GET', headers: new Headers(init?.headers), body })
    return init
  }
}
