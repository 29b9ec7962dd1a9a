import { isModernVersion, LATEST_LEGACY_VERSION, META_LOG_LEVEL, methodNotFound } from '@edgemcp/core'
import { ProtocolError, ServerExitError } from '../errors.js'
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
import { checkProtocolChoice, DEFAULT_PROTOCOL_VERSION, withModernMeta } from './era.js'
import { discoverModern, type Handshake, initializeLegacy, negotiateAuto } from './handshake.js'
import { remember } from './provenance.js'
import { RpcPeer } from './rpc-peer.js'

type Json = Record<string, unknown>

const DEFAULT_CLIENT_INFO = { name: '@edgemcp/testing', version: '0.1.0' }
const MAX_INPUT_ROUNDS = 10

/**
 * The connection layer of the test client: lifecycle (start, handshake of either era, close), raw requests,
 * server→client requests and notifications. `McpTestClient` adds the MCP methods on top.
 */
export class TestClientBase {
  protected readonly peer: RpcPeer
  protected readonly requestTimeout: number
  private started: Promise<void> | undefined
  private handshake: Handshake | undefined
  private initializing: Promise<MCPInitializeResult> | undefined
  private closing: Promise<MCPCloseResult> | undefined
  private readonly choice: string
  private capabilities: Json
  private clientInfo: Json
  private logLevel: string | undefined
  private readonly listeners = new Set<(n: MCPNotification) => void>()
  /** Every notification the server sent, in order. */
  readonly notifications: MCPNotification[] = []

  constructor(
    protected readonly harness: Harness,
    protected readonly options: MCPTestClientOptions = {},
  ) {
    this.requestTimeout = options.requestTimeout ?? 5000
    this.choice = checkProtocolChoice(options.protocolVersion ?? DEFAULT_PROTOCOL_VERSION)
    this.capabilities = options.capabilities ?? {
      roots: {},
      ...(options.onElicit ? { elicitation: {} } : {}),
      ...(options.onSample ? { sampling: {} } : {}),
    }
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO
    const logger = options.logger ?? ((line: string) => console.log(line))
    this.peer = new RpcPeer(harness.transport, {
      requestTimeout: this.requestTimeout,
      log: options.allowDebugLogging ? (dir, text) => logger(`[mcp ${dir}] ${text}`) : undefined,
      onRequest: (method, params) => this.answerServer(method, params),
      onNotification: (n) => this.receiveNotification(n),
      // Debug mode: a stdio server's stdout chatter is shown, not fatal (expect-mcp's allowDebugLogging).
      tolerate: (e) => {
        if (options.allowDebugLogging !== true || harness.tolerate?.(e) !== true) return false
        logger(`[mcp stdout] ${'line' in e ? String(e.line) : e.message}`)
        return true
      },
    })
  }

  /** Opens the connection (spawns the process) once; every request calls it, so errors surface there too. */
  connect(): Promise<void> {
    this.started ??= (async () => {
      await this.peer.start()
      await this.harness.prepare?.()
    })()
    return this.started
  }

  /** The protocol revision in use: negotiated after `initialize()`, else the one asked for (undefined for auto). */
  get protocolVersion(): string | undefined {
    return this.handshake?.version ?? (this.choice === 'auto' ? undefined : this.choice)
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
      if (params.capabilities) this.capabilities = { ...this.capabilities, ...params.capabilities }
      if (params.clientInfo) this.clientInfo = params.clientInfo
      const input = { version, capabilities: this.capabilities, clientInfo: this.clientInfo }
      const done =
        version === 'auto'
          ? await negotiateAuto(this.peer, input, this.requestTimeout)
          : isModernVersion(version)
            ? await discoverModern(this.peer, input)
            : await initializeLegacy(this.peer, input)
      this.handshake = done
      this.harness.transport.setProtocolVersion?.(done.version)
      await this.harness.afterHandshake?.(isModernVersion(done.version) ? 'modern' : 'legacy')
      const method = isModernVersion(done.version) ? 'server/discover' : 'initialize'
      return remember(done.result, {
        method,
        protocolVersion: done.version,
        requestId: done.requestId,
        envelope: false,
      })
    })()
    this.initializing.catch(() => {
      this.initializing = undefined
    })
    return this.initializing
  }

  isInitialized(): boolean {
    return this.handshake !== undefined
  }

  /** The result of `initialize()` (for 2026-07-28, built from `server/discover`). Throws before it. */
  getInitializeResult(): MCPInitializeResult {
    if (!this.handshake) throw new Error('The client is not initialized: call initialize() first')
    return this.handshake.result
  }

  /** Initializes on first use, so tests may skip `initialize()` when they do not care about it. */
  protected async ensureInitialized(): Promise<void> {
    if (!this.handshake) await this.initialize()
  }

  private withMeta(params: Json | undefined): Json | undefined {
    const version = this.protocolVersion
    if (!isModernVersion(version)) return params
    const out = withModernMeta(params, version, this.capabilities, this.clientInfo)
    if (this.logLevel !== undefined) (out._meta as Json)[META_LOG_LEVEL] ??= this.logLevel
    return out
  }

  /**
   * Sends any request and resolves with the raw JSON-RPC response, error responses included (for
   * `toBeValidMCPResponse` / `toHaveMCPError`). In 2026-07-28 the `_meta` fields are added. No handshake is
   * done first. Rejects only with `TimeoutError` or when the connection is lost.
   */
  async request(method: string, params?: Json, options: { timeoutMs?: number } = {}): Promise<MCPResponse> {
    return (await this.send(method, params, options.timeoutMs)).response
  }

  private async send(method: string, params: Json | undefined, timeoutMs?: number) {
    await this.connect()
    const outcome = await this.peer.request(method, this.withMeta(params), timeoutMs)
    remember(outcome.response, {
      method,
      protocolVersion: this.protocolVersion ?? LATEST_LEGACY_VERSION,
      requestId: outcome.id,
      envelope: true,
    })
    return outcome
  }

  /** Sends a notification (with the 2026-07-28 `_meta` when that revision is in use). */
  async notify(method: string, params?: Json): Promise<void> {
    await this.connect()
    await this.peer.notify(method, this.withMeta(params))
  }

  /**
   * A request of the MCP API: initializes first, answers 2026-07-28 `input_required` rounds with the
   * client's handlers, and rejects with `ProtocolError` on an error response.
   */
  protected async invoke(
    method: string,
    params: Json,
    timeoutMs?: number,
  ): Promise<{ id: string | number; result: Json }> {
    await this.ensureInitialized()
    let current = params
    for (let round = 0; round < MAX_INPUT_ROUNDS; round++) {
      const { id, response } = await this.send(method, current, timeoutMs)
      if (response.error) throw new ProtocolError(method, id, response.error, response)
      const result = (response.result ?? {}) as Json
      if (result.resultType !== 'input_required') return { id, result }
      const inputResponses: Json = {}
      const requests = (result.inputRequests ?? {}) as Record<string, { method: string; params?: Json }>
      for (const [key, request] of Object.entries(requests))
        inputResponses[key] = await this.answerServer(request.method, request.params ?? {})
      current = { ...params, inputResponses, requestState: result.requestState }
    }
    throw new Error(`${method}: the server still asked for input after ${MAX_INPUT_ROUNDS} rounds`)
  }

  /** Answers server→client requests (legacy) and input requests (2026-07-28). */
  private async answerServer(method: string, params: Json): Promise<unknown> {
    const { onElicit, onSample, roots = [] } = this.options
    if (method === 'ping') return {}
    if (method === 'roots/list') return { roots }
    if (method === 'elicitation/create' && onElicit) return onElicit(params)
    if (method === 'sampling/createMessage' && onSample) return onSample(params)
    throw methodNotFound(method)
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
    if (this.era === 'modern') this.logLevel = level
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
    const garbage = this.peer.problems.filter((p) => p.name === 'NonJsonLineError')
    if (garbage[0])
      throw new ServerExitError(
        `${label} wrote ${garbage.length} non-JSON line(s) on stdout. ${garbage[0].message}`,
        exit.code,
        exit.signal,
      )
  }
}
