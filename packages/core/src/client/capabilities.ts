import type { Era, JsonObject } from './types.js'
import { isObject } from '../protocol/json.js'

/**
 * The capabilities the client declares: the configured ones, plus elicitation / sampling / roots for each
 * registered handler (client/elicitation, client/sampling, client/roots). A capability without a handler is
 * removed, so the server never asks for what nobody answers. Legacy roots announce `listChanged` (the client
 * can send notifications/roots/list_changed); the modern revision has no such flag.
 */
export function clientCapabilities(
  configured: JsonObject,
  handlers: { elicitation: boolean; sampling: boolean; roots: boolean },
  era: Era,
  /** The legacy revision being negotiated: elicitation exists only from 2025-06-18. */
  version?: string,
  /** SEP-1034 defaults applied by the client: declared as `elicitation.form.applyDefaults` from 2025-11-25. */
  elicitation: { applyDefaults: boolean } = { applyDefaults: false },
): JsonObject {
  const caps: JsonObject = { ...configured }
  const noElicitation = version !== undefined && version < '2025-06-18'
  for (const key of ['elicitation', 'sampling', 'roots'] as const) {
    if (!handlers[key] || (key === 'elicitation' && noElicitation)) {
      delete caps[key]
      continue
    }
    caps[key] = isObject(configured[key]) ? { ...configured[key] } : {}
  }
  const formModes = version === undefined || version >= '2025-11-25'
  if (isObject(caps.elicitation) && elicitation.applyDefaults && formModes) {
    const form = isObject(caps.elicitation.form) ? caps.elicitation.form : {}
    caps.elicitation = { ...caps.elicitation, form: { ...form, applyDefaults: true } }
  }
  if (isObject(caps.roots)) {
    if (era === 'legacy') caps.roots = { listChanged: true, ...caps.roots }
    else {
      const { listChanged: _l, ...rest } = caps.roots
      caps.roots = rest
    }
  }
  return caps
}
