import {
  ConnectionClosedError,
  type ClientHandlers,
  type CreateMessageResult,
  type ElicitResult,
  isModernVersion,
  LATEST_LEGACY_VERSION,
  type LoggingLevel,
  type McpClientOptions,
  McpHttpError,
  McpLocalError,
  ProtocolError,
  RequestTimeoutError,
} from '@edgemcp/core'
import { resultCache } from '@edgemcp/core/cache'
import { clientTasks } from '@edgemcp/core/tasks'
import { ConnectionLostError, RequestError, ServerExitError, TimeoutError } from '../errors.js'
import type { Harness } from '../harness/harness.js'
import type {
  MCPCloseOptions,
  MCPCloseResult,
  MCPExitInfo,
  MCPInitializeParams,
  MCPInitializeResult,
  MCPNotification,
  MCPResponse,
  MCPTestClientOptions,
} from '../types.js'
import { type SendOptions, TestEngine } from './engine.js'
import { checkProtocolChoice, DEFAULT_PROTOCOL_VERSION, discoverToInitializeResult } from './era.js'
import { tapTransport } from './frame-tap.js'
import { remember } from './provenance.js'

type Json = Record<string, unknown>
type RequestId = string | number

const DEFAULT_CLIENT_INFO = { name: '@edgemcp/testing', version: '0.1.0' }

/**
 * The connection layer of the test client on core's client engine (`McpClient`): lifecycle (start, handshake
 * of either era, close), raw requests, errors that name method and request id, notifications. `McpTestClient`
 * adds the MCP methods on top.
 */
export class TestClientBase {
  protected readonly engine: TestEngine
  protected readonly requestTimeout: number
  /** How long a task may take before `callTool` gives up on it (and cancels it). */
  protected readonly taskTimeout: number
  private readonly engineOptions: McpClientOptions & { capabilities: Json }
  private readonly clientInfo: { name: string; version: string }
  private started: Promise<void> | undefined
  private initializing: Promise<MCPInitializeResult> | undefined
  private initialized: MCPInitializeResult | undefined
  private closing: Promise<MCPCloseResult> | undefined
  private readonly choice: string
  /** Transport errors that ended requests (process exit, non-JSON output, ...). */
  private readonly problems: Error[] = []
  private readonly listeners = new Set<(n: MCPNotification) => void>()
  /** Every notification the server sent, in order. */
  readonly notifications: MCPNotification[] = []

  constructor(
    protected readonly harness: Harness,
    protected readonly options: MCPTestClientOptions = {},
  ) {
    this.requestTimeout = options.requestTimeout ?? 5000
    this.taskTimeout = options.taskTimeout ?? 30_000
    this.choice = checkProtocolChoice(options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION)
    const { onElicit, onSample, roots = [] } = options
    this.clientInfo = { ...(options.clientInfo ?? DEFAULT_CLIENT_INFO) }
    const handlers: ClientHandlers = { listRoots: () => ({ roots }) }
    if (onElicit) handlers.elicit = (params) => onElicit(params as unknown as Json) as Promise<ElicitResult>
    if (onSample)
      handlers.sample = (params) => onSample(params as unknown as Json) as Promise<CreateMessageResult>
    this.engineOptions = {
      capabilities: { ...options.capabilities },
      requestTimeoutMs: this.requestTimeout,
      // A legacy HTTP harness opens the standalone stream itself, and waits for it (afterHandshake).
      standaloneStream: false,
      handlers,
      tasks: options.tasks === true ? clientTasks() : undefined,
      cache: options.cache === true ? resultCache() : undefined,
    }
    this.engine = new TestEngine(this.clientInfo, this.engineOptions)
    this.engine.onNotification('*', ({ method, params }) =>
      this.receiveNotification({ jsonrpc: '2.0', method, params }),
    )
  }

  /** Opens the connection (spawns the process) once; every request calls it, so errors surface there too. */
  connect(): Promise<void> {
    this.started ??= (async () => {
      const { allowDebugLogging, logger = (line: string) => console.log(line) } = this.options
      const transport = tapTransport(this.harness.transport, {
        log: allowDebugLogging ? (dir, text) => logger(`[mcp ${dir}] ${text}`) : undefined,
        onError: (error) => {
          // Debug mode: a stdio server's stdout chatter is shown, not fatal (expect-mcp's allowDebugLogging).
          if (allowDebugLogging === true && this.harness.tolerate?.(error) === true) {
            logger(`[mcp stdout] ${'line' in error ? String(error.line) : error.message}`)
            return true
          }
          this.problems.push(error)
          this.engine.failPending(error)
          return false
        },
      })
      await this.engine.open(transport)
      await this.harness.prepare?.()
    })()
    return this.started
  }

  /** The protocol revision in use: negotiated after `initialize()`, else the one asked for (undefined for auto). */
  get protocolVersion(): string | undefined {
    return this.engine.protocolVersion ?? (this.choice === 'auto' ? undefined : this.choice)
  }

  get era(): 'legacy' | 'modern' {
    return isModernVersion(this.protocolVersion) ? 'modern' : 'legacy'
  }

  /** The legacy HTTP session id (Mcp-Session-Id), when the transport has one. */
  get sessionId(): string | undefined {
    return this.harness.transport.sessionId
  }

  /** What the server wrote on stderr (stdio servers; captured). */
  get stderr(): string {
    return this.harness.stderr()
  }

  /**
   * Performs the handshake of the chosen revision: `initialize` (legacy), `server/discover` (2026-07-28) or
   * a probe (`'auto'`). Idempotent. `params.protocolVersion` overrides the client's option.
   */
  initialize(params: Partial<MCPInitializeParams> = {}): Promise<MCPInitializeResult> {
    this.initializing ??= (async () => {
      await this.connect()
      const version = params.protocolVersion ? checkProtocolChoice(params.protocolVersion) : this.choice
      if (params.capabilities) Object.assign(this.engineOptions.capabilities, params.capabilities)
      if (params.clientInfo) Object.assign(this.clientInfo, params.clientInfo)
      try {
        await this.engine.handshake(version as Parameters<TestEngine['handshake']>[0])
      } catch (e) {
        const method = version === 'auto' || isModernVersion(version) ? 'server/discover' : 'initialize'
        throw this.failure(e, method, this.engine.handshakeId ?? 0, this.requestTimeout)
      }
      const negotiated = this.engine.protocolVersion ?? LATEST_LEGACY_VERSION
      this.harness.transport.setProtocolVersion?.(negotiated)
      await this.harness.afterHandshake?.(isModernVersion(negotiated) ? 'modern' : 'legacy')
      const modern = isModernVersion(negotiated)
      const raw = this.engine.handshakeResult ?? {}
      const result = modern
        ? discoverToInitializeResult(negotiated, raw)
        : (raw as unknown as MCPInitializeResult)
      this.initialized = result
      return remember(result, {
        method: modern ? 'server/discover' : 'initialize',
        protocolVersion: negotiated,
        requestId: this.engine.handshakeId ?? 0,
        envelope: false,
      })
    })()
    this.initializing.catch(() => {
      this.initializing = undefined
    })
    return this.initializing
  }

  isInitialized(): boolean {
    return this.initialized !== undefined
  }

  /** The result of `initialize()` (for 2026-07-28, built from `server/discover`). Throws before it. */
  getInitializeResult(): MCPInitializeResult {
    if (!this.initialized) throw new Error('The client is not initialized: call initialize() first')
    return this.initialized
  }

  /** Initializes on first use, so tests may skip `initialize()` when they do not care about it. */
  protected async ensureInitialized(): Promise<void> {
    if (!this.initialized) await this.initialize()
  }

  /** How the engine's error for request `id` of `method` reaches the test: named, with what ended it. */
  private failure(e: unknown, method: string, id: RequestId, timeoutMs: number): unknown {
    if (e instanceof ProtocolError && !(e instanceof RequestError))
      return new RequestError(method, id, e.toErrorObject())
    if (e instanceof RequestTimeoutError) return new TimeoutError(method, id, timeoutMs)
    // A refused HTTP request (401, 404, …) is reported as it is; a lost connection names what ended it.
    if (e instanceof McpHttpError) return e
    if (e instanceof ConnectionClosedError)
      return new ConnectionLostError(method, id, this.problems.at(-1) ?? e)
    const lost = e instanceof McpLocalError && e.kind === 'transport' // the request could not be sent
    if (e instanceof Error && (lost || this.problems.includes(e)))
      return new ConnectionLostError(method, id, e)
    return e
  }

  /** Runs one engine call of `method`, mapping its errors; resolves with the result and the last request id. */
  protected async call<T = Json>(
    method: string,
    run: (options: SendOptions) => Promise<T>,
    timeoutMs = this.requestTimeout,
  ): Promise<{ id: RequestId; result: T }> {
    let id: RequestId | undefined
    const options: SendOptions = { timeoutMs, sent: (sent) => (id = sent) }
    try {
      if (this.engine.isClosed) throw new ConnectionClosedError('The client is closed')
      return { id: id ?? 0, result: await run(options) }
    } catch (e) {
      throw this.failure(e, method, id ?? this.engine.nextId(), timeoutMs)
    }
  }

  /**
   * Sends any request and resolves with the raw JSON-RPC response, error responses included (for
   * `toBeValidMCPResponse` / `toHaveMCPError`). In 2026-07-28 the `_meta` fields are added. No handshake is
   * done first. Rejects only with `TimeoutError` or when the connection is lost.
   */
  async request(method: string, params?: Json, options: { timeoutMs?: number } = {}): Promise<MCPResponse> {
    await this.connect()
    const version = this.protocolVersion
    let response: MCPResponse
    const send = (o: SendOptions) => {
      const id = this.engine.nextId()
      o.sent?.(id)
      return this.engine.send(method, params ?? {}, {
        ...o,
        id,
        era: isModernVersion(version) ? 'modern' : 'legacy',
        version: version ?? LATEST_LEGACY_VERSION,
      })
    }
    try {
      const { id, result } = await this.call(method, send, options.timeoutMs)
      response = { jsonrpc: '2.0', id, result }
    } catch (e) {
      if (!(e instanceof RequestError)) throw e
      response = e.response
    }
    return remember(response, {
      method,
      protocolVersion: version ?? LATEST_LEGACY_VERSION,
      requestId: response.id as RequestId,
      envelope: true,
    })
  }

  /** Sends a notification (with the 2026-07-28 `_meta` when that revision is in use). */
  async notify(method: string, params?: Json): Promise<void> {
    await this.connect()
    const version = this.protocolVersion
    if (!isModernVersion(version)) return this.engine.notify(method, params)
    const given = params?._meta
    const meta = { ...this.engine.metaFor(version), ...(typeof given === 'object' ? (given as Json) : {}) }
    await this.engine.notify(method, { ...params, _meta: meta })
  }

  /**
   * A request of the MCP API: initializes first, answers 2026-07-28 `input_required` rounds with the
   * client's handlers, and rejects with `RequestError` on an error response.
   */
  protected async invoke(
    method: string,
    params: Json,
    timeoutMs?: number,
  ): Promise<{ id: RequestId; result: Json }> {
    await this.ensureInitialized()
    return this.call(method, (options) => this.engine.request(method, params, options), timeoutMs)
  }

  private receiveNotification(n: MCPNotification): void {
    this.notifications.push(n)
    this.onServerNotification(n)
    for (const l of this.listeners) l(n)
  }

  /** Hook for subclasses (cache invalidation on list_changed). */
  protected onServerNotification(_n: MCPNotification): void {}

  /** Calls `listener` for every notification from the server; returns the unsubscribe function. */
  onNotification(listener: (n: MCPNotification) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Sets the server's log level: `logging/setLevel` (legacy) or the per-request `_meta` level (2026-07-28). */
  async setLogLevel(level: string): Promise<void> {
    await this.ensureInitialized()
    // Any string goes out as given: a test may check how the server treats a level it does not know.
    if (this.era === 'modern') this.engine.logLevel = level as LoggingLevel
    else await this.invoke('logging/setLevel', { level })
  }

  /** Resolves when the server process (or connection) has ended. */
  async waitForExit(): Promise<MCPExitInfo> {
    const { code, signal } = await this.harness.waitForExit()
    return { code, signal }
  }

  /**
   * Shuts the server down and resolves with how it ended. A stdio server gets the spec's shutdown sequence:
   * its stdin is closed, then after `timeoutMs` (default 3000) SIGTERM, then after as long again SIGKILL; an
   * HTTP session is ended with DELETE. It resolves however the server ended (`forced`, `code`, `signal`,
   * `stderrTail` say how), so `afterAll(() => app.close())` never fails a suite because a server needed
   * SIGTERM. With `{ strict: true }` it rejects with `ServerExitError` when the server had to be signalled,
   * exited non-zero or by a signal, or wrote non-JSON lines on stdout. Idempotent (the shutdown runs once).
   * A number is taken as `timeoutMs` (expect-mcp's `close(timeoutMs)`).
   */
  async close(options: number | MCPCloseOptions = {}): Promise<MCPCloseResult> {
    const { timeoutMs = 3000, strict = false } =
      typeof options === 'number' ? { timeoutMs: options } : options
    this.closing ??= this.shutdown(timeoutMs)
    const result = await this.closing
    if (strict) this.checkExit(result, timeoutMs)
    return result
  }

  private async shutdown(timeoutMs: number): Promise<MCPCloseResult> {
    const exit = await this.harness.shutdown(timeoutMs)
    const stderr = this.harness.stderr().trim()
    return {
      code: exit.code,
      signal: exit.signal,
      forced: exit.forced,
      stderrTail: stderr ? stderr.split('\n').slice(-20).join('\n') : '',
    }
  }

  /** The strict check of `close({ strict: true })`. */
  private checkExit(exit: MCPCloseResult, timeoutMs: number): void {
    const label = this.harness.label
    const tail = exit.stderrTail ? `\n--- stderr (last lines) ---\n${exit.stderrTail}` : ''
    if (exit.forced)
      throw new ServerExitError(
        `${label} did not exit within ${timeoutMs} ms after its input was closed; it was stopped with ${exit.signal ?? 'SIGTERM'}${tail}`,
        exit.code,
        exit.signal,
      )
    if (exit.signal !== null || (exit.code !== 0 && exit.code !== null))
      throw new ServerExitError(
        `${label} ${exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`}${tail}`,
        exit.code,
        exit.signal,
      )
    // Non-JSON stdout lines fail the requests pending at the time; the strict check makes sure none goes unnoticed.
    const garbage = this.problems.filter((p) => p.name === 'NonJsonLineError')
    if (garbage[0])
      throw new ServerExitError(
        `${label} wrote ${garbage.length} non-JSON line(s) on stdout. ${garbage[0].message}`,
        exit.code,
        exit.signal,
      )
  }
}
