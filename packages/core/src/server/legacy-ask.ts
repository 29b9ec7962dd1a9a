import { ELICIT } from '../protocol/methods.js'
import { V2025_06_18, V2025_11_25 } from '../protocol/versions.js'
import { misuse } from './context.js'
import type { ClientRequest, RequestScope } from './core.js'
import { createSessionId, type SessionRequestOptions } from './session.js'
import type { JsonObject, RequestOptions } from './types.js'

/**
 * A legacy handler's request to its client (`ctx.elicit`, `ctx.sample`, `ctx.listRoots`): a server→client
 * request on the handler's stream, or its session's standalone one. The legacy era's part of the handler
 * context, installed with the era. `request.params` is the context's own copy, shaped here for the
 * negotiated revision.
 */
export function askOnSession(
  scope: RequestScope,
  { method, params, capability }: ClientRequest,
  options: RequestOptions | undefined,
): Promise<JsonObject> {
  const version = scope.protocolVersion
  if (method === ELICIT) {
    if (version < V2025_06_18) return misuse(`${method} does not exist in protocol revision ${version}`)
    if (params.mode === 'url') {
      const caps = scope.clientCapabilities.elicitation as JsonObject | undefined
      if (caps && caps.url === undefined) return misuse('The client does not support URL-mode elicitation')
      params.elicitationId ??= createSessionId()
    } else if (version < V2025_11_25) delete params.mode
  }
  if (scope.clientCapabilities[capability] === undefined)
    return misuse(`The client did not declare the ${capability} capability needed for ${method}`)
  // A legacy scope is a session's (see createScope).
  const sent: SessionRequestOptions = {
    via: scope.emit,
    timeoutMs: options?.timeoutMs ?? scope.core.options.requestTimeoutMs,
    signal: scope.abort.signal,
  }
  const send = () => scope.session!.request(method, params, sent)
  // Middleware with an `outbound` part (@edgemcp/core/middleware) sends it when installed.
  return scope.core.ask ? scope.core.ask(send, scope, method, params, sent) : send()
}
