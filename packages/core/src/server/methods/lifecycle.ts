import { invalidParams } from '../../errors/protocol-error.js'
import { implementationFor } from '../../protocol/implementation.js'
import { jsonLength } from '../../protocol/json.js'
import { MAX_CLIENT_DESCRIPTION_LENGTH } from '../../protocol/limits.js'
import { META_SERVER_INFO } from '../../protocol/meta.js'
import { negotiateLegacyVersion, SUPPORTED_VERSIONS, V2025_03_26 } from '../../protocol/versions.js'
import type { RequestScope, ServerCore } from '../core.js'
import type { ServerSession } from '../session.js'
import { type Implementation, isLoggingLevel, type JsonObject, loggingLevelsExpected } from '../types.js'
import { optionalObject } from './shared.js'

/**
 * An initialize or discover result, in this key order: `head` (the version field), the server's capabilities
 * as `version` knows them (no `completions` before 2025-03-26), `info` (serverInfo or its `_meta`), and the
 * server's instructions when it has some.
 */
function serverResult(core: ServerCore, version: string, head: JsonObject, info: JsonObject): JsonObject {
  let capabilities = core.capabilities()
  if (version < V2025_03_26) {
    const { completions: _c, ...rest } = capabilities
    capabilities = rest
  }
  const { instructions } = core.options
  return { ...head, capabilities, ...info, ...(instructions === undefined ? {} : { instructions }) }
}

/** Legacy `initialize` (basic/lifecycle): negotiate the version and remember the client in the session. */
export function initialize(scope: RequestScope, session: ServerSession): JsonObject {
  const requested = scope.params.protocolVersion
  if (typeof requested !== 'string') throw invalidParams('must be a string', 'protocolVersion')
  const capabilities = optionalObject(scope.params, 'capabilities') ?? {}
  const clientInfo = optionalObject(scope.params, 'clientInfo')
  // The session keeps both (and a Durable Object stores them): bounded like everything a peer makes us hold.
  if (jsonLength([capabilities, clientInfo]) > MAX_CLIENT_DESCRIPTION_LENGTH)
    throw invalidParams(
      `capabilities and clientInfo together must be at most ${MAX_CLIENT_DESCRIPTION_LENGTH} characters of JSON`,
      'capabilities',
    )
  const version = negotiateLegacyVersion(requested)
  session.protocolVersion = version
  session.clientCapabilities = capabilities
  if (clientInfo) session.clientInfo = clientInfo as unknown as Implementation
  session.initialized = true
  const serverInfo = implementationFor(version, scope.core.info)
  return serverResult(scope.core, version, { protocolVersion: version }, { serverInfo })
}

/** 2026-07-28 `server/discover`. */
export function discover({ core, protocolVersion }: RequestScope): JsonObject {
  const _meta = { [META_SERVER_INFO]: implementationFor(protocolVersion, core.info) }
  return serverResult(core, protocolVersion, { supportedVersions: [...SUPPORTED_VERSIONS] }, { _meta })
}

export function setLevel(scope: RequestScope): JsonObject {
  const level = scope.params.level
  if (!isLoggingLevel(level)) throw invalidParams(loggingLevelsExpected(), 'level')
  if (scope.session) scope.session.logLevel = level
  return {}
}
