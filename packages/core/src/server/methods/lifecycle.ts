import { invalidParams } from '../../errors/protocol-error.js'
import { implementationFor } from '../../protocol/implementation.js'
import { META_SERVER_INFO } from '../../protocol/meta.js'
import { negotiateLegacyVersion, SUPPORTED_VERSIONS, V2025_03_26 } from '../../protocol/versions.js'
import type { RequestScope, ServerCore } from '../core.js'
import type { ServerSession } from '../session.js'
import { type Implementation, isLoggingLevel, type JsonObject, loggingLevelsExpected } from '../types.js'
import { optionalObject } from './shared.js'

export function capabilitiesFor(core: ServerCore, version: string): JsonObject {
  const caps = core.capabilities()
  if (version < V2025_03_26) {
    const { completions: _c, ...rest } = caps
    return rest
  }
  return caps
}

/** Adds the server's instructions to an initialize or discover result, when it has some. */
function withInstructions(core: ServerCore, result: JsonObject): JsonObject {
  const { instructions } = core.options
  if (instructions !== undefined) result.instructions = instructions
  return result
}

/** Legacy `initialize` (basic/lifecycle): negotiate the version and remember the client in the session. */
export function initialize(scope: RequestScope, session: ServerSession): JsonObject {
  const requested = scope.params.protocolVersion
  if (typeof requested !== 'string') throw invalidParams('must be a string', 'protocolVersion')
  const capabilities = optionalObject(scope.params, 'capabilities') ?? {}
  const clientInfo = optionalObject(scope.params, 'clientInfo')
  const version = negotiateLegacyVersion(requested)
  session.protocolVersion = version
  session.clientCapabilities = capabilities
  if (clientInfo) session.clientInfo = clientInfo as unknown as Implementation
  session.initialized = true
  const result: JsonObject = {
    protocolVersion: version,
    capabilities: capabilitiesFor(scope.core, version),
    serverInfo: implementationFor(version, scope.core.info),
  }
  return withInstructions(scope.core, result)
}

/** 2026-07-28 `server/discover`. */
export function discover(scope: RequestScope): JsonObject {
  const { core } = scope
  const result: JsonObject = {
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: capabilitiesFor(core, scope.protocolVersion),
    _meta: { [META_SERVER_INFO]: implementationFor(scope.protocolVersion, core.info) },
  }
  return withInstructions(core, result)
}

export function setLevel(scope: RequestScope): JsonObject {
  const level = scope.params.level
  if (!isLoggingLevel(level)) throw invalidParams(loggingLevelsExpected(), 'level')
  if (scope.session) scope.session.logLevel = level
  return {}
}
