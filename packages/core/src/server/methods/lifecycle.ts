import { invalidParams } from '../../errors/protocol-error.js'
import { implementationFor } from '../../protocol/implementation.js'
import { META_SERVER_INFO } from '../../protocol/meta.js'
import { negotiateLegacyVersion, SUPPORTED_VERSIONS } from '../../protocol/versions.js'
import type { RequestScope, ServerCore } from '../core.js'
import type { ServerSession } from '../session.js'
import { LOGGING_LEVELS, type Implementation, type JsonObject, type LoggingLevel } from '../types.js'
import { optionalObject } from './shared.js'

export function capabilitiesFor(core: ServerCore, version: string): JsonObject {
  const caps = core.capabilities()
  if (version < '2025-03-26') {
    const { completions: _c, ...rest } = caps
    return rest
  }
  return caps
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
  if (scope.core.options.instructions !== undefined) result.instructions = scope.core.options.instructions
  return result
}

/** 2026-07-28 `server/discover`. */
export function discover(scope: RequestScope): JsonObject {
  const { core } = scope
  const result: JsonObject = {
    supportedVersions: [...SUPPORTED_VERSIONS],
    capabilities: capabilitiesFor(core, scope.protocolVersion),
    _meta: { [META_SERVER_INFO]: implementationFor(scope.protocolVersion, core.info) },
  }
  if (core.options.instructions !== undefined) result.instructions = core.options.instructions
  return result
}

export function setLevel(scope: RequestScope): JsonObject {
  const level = scope.params.level
  if (typeof level !== 'string' || !LOGGING_LEVELS.includes(level as LoggingLevel))
    throw invalidParams(`must be one of ${LOGGING_LEVELS.join(', ')}`, 'level')
  if (scope.session) scope.session.logLevel = level as LoggingLevel
  return {}
}
