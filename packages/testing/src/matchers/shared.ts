import { isObject } from '@edgemcp/core/internal'

/** What a matcher receives as `this` from Vitest (or Jest): only the parts these matchers use. */
export interface MatcherContext {
  isNot: boolean
  utils: {
    printReceived(value: unknown): string
    printExpected(value: unknown): string
  }
}

/** Structure of a single matcher result returned to Vitest (expect-mcp's `MCPMatcherResult`). */
export interface MCPMatcherResult {
  pass: boolean
  message(): string
}

export type Json = Record<string, unknown>

export { isObject }

export const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  (typeof v === 'object' || typeof v === 'function') && v !== null && typeof (v as any).then === 'function'

/** Settles a promise into a value or a caught error, so matchers can inspect rejections. */
export async function settle(
  v: PromiseLike<unknown>,
): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await v }
  } catch (error) {
    return { ok: false, error }
  }
}

/** Shortens a value for a failure message. */
export function preview(value: unknown, max = 300): string {
  let text: string
  try {
    text = JSON.stringify(value) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** The text blocks of a tool result, joined: what a failure message shows of a result. */
export function textOf(result: unknown): string {
  const content = isObject(result) ? result.content : undefined
  if (!Array.isArray(content)) return ''
  return content
    .filter((c): c is Json => isObject(c) && typeof c.text === 'string')
    .map((c) => c.text as string)
    .join('\n')
}

/** A tool result out of a result object or a whole JSON-RPC response. */
export function toolResultOf(received: unknown): Json | undefined {
  if (!isObject(received)) return undefined
  if (received.jsonrpc === '2.0' && ('result' in received || 'error' in received))
    return isObject(received.result) ? received.result : undefined
  return received
}

/** Lists names for a failure message: `a, b, c` or a placeholder. */
export function listNames(names: string[], none: string): string {
  return names.length === 0 ? none : names.map((n) => JSON.stringify(n)).join(', ')
}
