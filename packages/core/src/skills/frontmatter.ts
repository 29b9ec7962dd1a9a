import { parse } from 'yaml'
import { isObject } from '../protocol/json.js'
import type { JsonObject } from '../server/types.js'

/** The `---` delimited block a SKILL.md begins with (after an optional byte-order mark). */
const BLOCK = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/

/**
 * The YAML frontmatter of a SKILL.md as a JSON object, or a reason why there is none. YAML is parsed by the
 * `yaml` library (frontmatter may nest maps and lists; a hand-written subset would disagree with hosts that
 * compare it field by field), and only this subpath imports it, so the core barrel stays without it.
 */
export function parseFrontmatter(text: string): JsonObject | string {
  const block = BLOCK.exec(text)
  if (!block) return 'does not begin with a --- delimited YAML frontmatter block'
  let value: unknown
  try {
    value = parse(block[1] ?? '')
  } catch (error) {
    return `has frontmatter that is not valid YAML (${error instanceof Error ? error.message : String(error)})`
  }
  if (!isObject(value)) return 'has frontmatter that is not a YAML mapping'
  // Through JSON, so the entry carries exactly what a host's parse of the same bytes gives (no Map, no Date).
  return JSON.parse(JSON.stringify(value)) as JsonObject
}
