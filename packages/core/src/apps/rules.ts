import { APP_MIME_TYPE, type AppVisibility } from './types.js'

// The MCP Apps specification's rules (2026-01-26) as pure checks: registration refuses what breaks them
// (register.ts), and `@edgemcp/testing`'s matchers judge any server's listings with the same functions.

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** `https://api.example.com`, `wss://live.example.com:8443`, `https://*.example.com`: an origin, nothing more. */
const ORIGIN =
  /^(?:https?|wss?):\/\/(?:\*\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i
const CSP_FIELDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite']
const VISIBILITY: readonly AppVisibility[] = ['model', 'app']
/** A `<!doctype html>` or an `<html>` element first (after comments and white space). */
const HTML_START = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*(?:<!doctype\s+html[\s>]|<html[\s>])/i

/** Whether `uri` is a `ui://` URI with something after the scheme. */
export const isAppUri = (uri: unknown): uri is string =>
  typeof uri === 'string' && uri.startsWith('ui://') && uri.length > 5

/** The problems of a `_meta.ui` of an app resource, each naming its field (`_meta.ui.csp.connectDomains[0]` …). */
export function resourceUiProblems(ui: unknown): string[] {
  if (ui === undefined) return []
  if (!isObject(ui)) return ['_meta.ui must be an object']
  const problems: string[] = []
  if (ui.csp !== undefined) {
    if (!isObject(ui.csp)) problems.push('_meta.ui.csp must be an object')
    else
      for (const [field, value] of Object.entries(ui.csp)) {
        const at = `_meta.ui.csp.${field}`
        if (!(CSP_FIELDS as readonly string[]).includes(field)) problems.push(`${at} is not a CSP field`)
        else if (!Array.isArray(value)) problems.push(`${at} must be an array of origins`)
        else
          value.forEach((origin, i) => {
            if (typeof origin !== 'string' || !ORIGIN.test(origin))
              problems.push(
                `${at}[${i}] must be an origin such as https://api.example.com or https://*.example.com (got ${JSON.stringify(origin)})`,
              )
          })
      }
  }
  if (ui.permissions !== undefined) {
    if (!isObject(ui.permissions)) problems.push('_meta.ui.permissions must be an object')
    else
      for (const [name, value] of Object.entries(ui.permissions)) {
        if (!PERMISSIONS.includes(name))
          problems.push(`_meta.ui.permissions.${name} is not one of ${PERMISSIONS.join(', ')}`)
        else if (!isObject(value)) problems.push(`_meta.ui.permissions.${name} must be an object ({})`)
      }
  }
  if (ui.domain !== undefined && (typeof ui.domain !== 'string' || !/^\S+$/.test(ui.domain)))
    problems.push('_meta.ui.domain must be a non-empty string without spaces')
  if (ui.prefersBorder !== undefined && typeof ui.prefersBorder !== 'boolean')
    problems.push('_meta.ui.prefersBorder must be a boolean')
  return problems
}

/** The problems of a tool's `_meta.ui` (`resourceUri`, `visibility`), each naming its field. */
export function toolUiProblems(ui: unknown): string[] {
  if (!isObject(ui)) return ['_meta.ui must be an object']
  const problems: string[] = []
  if (!isAppUri(ui.resourceUri))
    problems.push(`_meta.ui.resourceUri must be a ui:// URI (got ${JSON.stringify(ui.resourceUri)})`)
  const v = ui.visibility
  if (v !== undefined) {
    if (!Array.isArray(v) || v.length === 0) problems.push('_meta.ui.visibility must be a non-empty array')
    else {
      v.forEach((value, i) => {
        if (!VISIBILITY.includes(value as AppVisibility))
          problems.push(`_meta.ui.visibility[${i}] must be "model" or "app" (got ${JSON.stringify(value)})`)
      })
      if (new Set(v).size !== v.length) problems.push('_meta.ui.visibility lists a value twice')
    }
  }
  return problems
}

/** The problems of an app resource's HTML text (it must be an HTML document). */
export const htmlProblems = (html: unknown): string[] =>
  typeof html === 'string' && HTML_START.test(html)
    ? []
    : ['its content must be an HTML document (<!doctype html> or <html> first)']

/** The problems of one `resources/read` content of an app resource. */
export function contentProblems(content: unknown, uri: string): string[] {
  if (!isObject(content)) return ['a content must be an object']
  const problems: string[] = []
  if (content.uri !== uri) problems.push(`contents[].uri must be ${uri} (got ${JSON.stringify(content.uri)})`)
  if (content.mimeType !== APP_MIME_TYPE)
    problems.push(`contents[].mimeType must be ${APP_MIME_TYPE} (got ${JSON.stringify(content.mimeType)})`)
  const hasText = typeof content.text === 'string'
  const hasBlob = typeof content.blob === 'string'
  if (hasText === hasBlob) problems.push('contents[] must carry either text or blob')
  else problems.push(...htmlProblems(hasText ? content.text : decodeBase64(content.blob as string)))
  problems.push(...resourceUiProblems(isObject(content._meta) ? content._meta.ui : undefined))
  return problems
}

function decodeBase64(blob: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(blob), (c) => c.charCodeAt(0)))
  } catch {
    return undefined
  }
}
