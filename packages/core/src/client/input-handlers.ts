import type { AnswerIntercept } from './middleware.js'
import { ErrorCode } from '../errors/codes.js'
import { toProtocolError } from '../errors/normalize.js'
import { methodNotFound, ProtocolError } from '../errors/protocol-error.js'
import type { JsonRpcRequest, JsonRpcResponse } from '../jsonrpc/types.js'
import type { CreateMessageParams, ElicitParams } from '../server/types.js'
import type {
  ClientHandlers,
  ElicitHandler,
  InputContext,
  JsonObject,
  ListRootsHandler,
  SampleHandler,
} from './types.js'
import { isObject } from '../protocol/json.js'
import { applyElicitationDefaults } from './elicitation-defaults.js'

/** Light checks of what a handler returned, so a broken handler fails here and not on the server. */
const RESULT_CHECKS: Record<string, (v: JsonObject) => boolean> = {
  'elicitation/create': (v) => v.action === 'accept' || v.action === 'decline' || v.action === 'cancel',
  'sampling/createMessage': (v) =>
    typeof v.model === 'string' && (v.role === 'assistant' || v.role === 'user') && v.content !== undefined,
  'roots/list': (v) => Array.isArray(v.roots),
}

/** The capability each server→client method needs, by method. */
export const CAPABILITY_OF: Record<string, 'elicitation' | 'sampling' | 'roots'> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
}

/**
 * The client's answers to server→client requests: legacy-era requests on the transport and modern-era MRTR
 * `inputRequests` run through the same handlers.
 */
export class InputHandlers {
  elicit: ElicitHandler | undefined
  sample: SampleHandler | undefined
  listRoots: ListRootsHandler | undefined

  constructor(
    handlers: ClientHandlers = {},
    /** Fill the defaults of the requested schema into accepted form elicitations (SEP-1034). */
    private readonly applyDefaults = false,
  ) {
    this.elicit = handlers.elicit
    this.sample = handlers.sample
    this.listRoots = handlers.listRoots
  }

  /** Which of elicitation / sampling / roots have a handler (drives the declared capabilities). */
  get declared(): { elicitation: boolean; sampling: boolean; roots: boolean } {
    return {
      elicitation: this.elicit !== undefined,
      sampling: this.sample !== undefined,
      roots: this.listRoots !== undefined,
    }
  }

  /** Runs the handler of `method`; throws ProtocolError -32601 when there is none. */
  async run(method: string, params: JsonObject, ctx: InputContext): Promise<JsonObject> {
    let result: unknown
    if (method === 'ping') return {}
    if (method === 'elicitation/create' && this.elicit)
      result = await this.elicit(params as unknown as ElicitParams, ctx)
    else if (method === 'sampling/createMessage' && this.sample)
      result = await this.sample(params as unknown as CreateMessageParams, ctx)
    else if (method === 'roots/list' && this.listRoots) result = await this.listRoots(ctx)
    else throw methodNotFound(method)
    const check = RESULT_CHECKS[method]
    if (!isObject(result) || (check && !check(result)))
      throw new ProtocolError(
        ErrorCode.InternalError,
        `The client's ${method} handler returned an invalid result`,
      )
    if (method === 'elicitation/create' && this.applyDefaults) return applyElicitationDefaults(params, result)
    return result
  }
}

/**
 * Answers one legacy-era server→client request: the handler's result, -32601 for an unknown method or a
 * missing handler, and a JSON-RPC error when the handler throws.
 */
export async function answerServerRequest(
  handlers: InputHandlers,
  request: JsonRpcRequest,
  ctx: InputContext,
  hook?: AnswerIntercept,
): Promise<JsonRpcResponse> {
  try {
    const run = () => handlers.run(request.method, request.params ?? {}, ctx)
    // Middleware with an `inbound` part (@edgemcp/core/middleware) runs the handler when installed.
    const result = await (hook ? hook(run, request, ctx) : run())
    return { jsonrpc: '2.0', id: request.id, result }
  } catch (e) {
    return toProtocolError(e, { revealMessage: true }).toResponse(request.id)
  }
}
