import type { JsonObject } from '../server/types.js'
import { parseFrontmatter } from './frontmatter.js'
import { type SkillFiles, type StoredFile, sha256Digest, storedFile } from './files.js'

/** One file of a skill as a skill entry lists it: what a host verifies a read against. */
export interface SkillResource {
  uri: string
  /** `sha256:` and 64 lowercase hex digits of the file's raw bytes. */
  digest: string
  /** The file's length in bytes. */
  size: number
}

/** A `skills/list` entry: the SKILL.md's URI, its frontmatter as JSON, and every file of the skill. */
export interface SkillEntry {
  uri: string
  frontmatter: JsonObject
  resources: SkillResource[]
}

/** A child in a `resources/directory/read` result. */
export interface DirectoryChild {
  uri: string
  name: string
  mimeType: string
  size?: number
}

/** Everything a server serves of its skills, built once from the files. */
export interface Catalog {
  skills: SkillEntry[]
  bySkillUri: Map<string, SkillEntry>
  files: Map<string, StoredFile>
  /** Directory URI (no trailing slash) → its direct children, sorted by URI. */
  directories: Map<string, DirectoryChild[]>
}

export const SKILL_MD = 'SKILL.md'
export const DIRECTORY_MIME_TYPE = 'inode/directory'
/** SEP-2640 limits a server SHOULD NOT exceed for one skill: files (SKILL.md included) and total bytes. */
export const MAX_FILES_PER_SKILL = 512
export const MAX_SKILL_BYTES = 16 * 1024 * 1024
/** The Agent Skills naming rules: 1-64 lowercase alphanumerics and hyphens, no edge or double hyphens. */
const SKILL_NAME = /^(?!.*--)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/

/** `skill://` and the path, each segment percent-encoded where it must be. */
export const skillUri = (segments: readonly string[]): string =>
  `skill://${segments.map(encodeURIComponent).join('/')}`

/** The segments of a relative path; throws on `..`, `.`, empty segments and backslashes. */
function segmentsOf(path: string): string[] {
  const segments = path.replace(/^\.?\//, '').split('/')
  if (path.includes('\\') || segments.some((s) => s === '' || s === '.' || s === '..'))
    throw new Error(`skills: "${path}" is not a relative path of forward-slash separated names`)
  return segments
}

/**
 * Builds the catalog from `files`. Every `…/SKILL.md` makes its folder a skill; each other file belongs to the
 * innermost skill folder holding it (files outside every skill are not served). Throws one error naming every
 * problem (bad frontmatter, a name that does not match its folder or breaks the naming rules, a skill over the
 * SEP-2640 limits), so a misconfigured server fails at its first skills request with the whole list.
 */
export async function buildCatalog(files: SkillFiles): Promise<Catalog> {
  const problems: string[] = []
  const paths = Object.keys(files).map((path) => ({ path, segments: segmentsOf(path) }))
  const roots = paths
    .filter((p) => p.segments.length >= 2 && p.segments[p.segments.length - 1] === SKILL_MD)
    .map((p) => p.segments.slice(0, -1))
    .sort((a, b) => b.length - a.length)
  const members = new Map<string, Array<{ path: string; segments: string[] }>>()
  for (const p of paths) {
    const root = roots.find((r) => r.length < p.segments.length && r.every((s, i) => p.segments[i] === s))
    if (!root) continue
    const key = root.join('/')
    members.set(key, [...(members.get(key) ?? []), p])
  }

  const catalog: Catalog = { skills: [], bySkillUri: new Map(), files: new Map(), directories: new Map() }
  for (const root of roots) {
    const key = root.join('/')
    const uri = skillUri([...root, SKILL_MD])
    const own = (members.get(key) ?? []).sort((a, b) => (a.path < b.path ? -1 : 1))
    const stored = own.map((p) => storedFile(skillUri(p.segments), p.path, files[p.path] as string))
    const skillMd = stored.find((f) => f.uri === uri) as StoredFile
    const frontmatter = parseFrontmatter(skillMd.text ?? '')
    const name = root[root.length - 1] as string
    if (typeof frontmatter === 'string') {
      problems.push(`${key}/${SKILL_MD} ${frontmatter}`)
      continue
    }
    if (frontmatter.name !== name)
      problems.push(
        `${key}/${SKILL_MD}: frontmatter name ${JSON.stringify(frontmatter.name)} must be "${name}"`,
      )
    if (!SKILL_NAME.test(name))
      problems.push(`${key}: "${name}" breaks the naming rules (1-64 of a-z, 0-9 and single inner hyphens)`)
    if (typeof frontmatter.description !== 'string' || frontmatter.description === '')
      problems.push(`${key}/${SKILL_MD}: frontmatter needs a non-empty description`)
    const total = stored.reduce((n, f) => n + f.bytes.length, 0)
    if (stored.length > MAX_FILES_PER_SKILL)
      problems.push(`${key}: ${stored.length} files, over the limit of ${MAX_FILES_PER_SKILL}`)
    if (total > MAX_SKILL_BYTES) problems.push(`${key}: ${total} bytes, over the limit of ${MAX_SKILL_BYTES}`)
    const resources = await Promise.all(
      stored.map(async (f) => ({ uri: f.uri, digest: await sha256Digest(f.bytes), size: f.bytes.length })),
    )
    const entry = { uri, frontmatter, resources }
    catalog.skills.push(entry)
    catalog.bySkillUri.set(uri, entry)
    for (const f of stored) catalog.files.set(f.uri, f)
  }
  if (problems.length) throw new Error(`skills: ${problems.join('; ')}`)
  catalog.skills.sort((a, b) => (a.uri < b.uri ? -1 : 1))
  catalog.directories = directoriesOf(catalog.files)
  return catalog
}

/** Every directory above a served file, with its direct children (files and subdirectories). */
function directoriesOf(files: Map<string, StoredFile>): Map<string, DirectoryChild[]> {
  const children = new Map<string, Map<string, DirectoryChild>>()
  const add = (dir: string, child: DirectoryChild) => {
    const map = children.get(dir) ?? new Map<string, DirectoryChild>()
    map.set(child.uri, child)
    children.set(dir, map)
  }
  for (const file of files.values()) {
    const segments = file.uri.slice('skill://'.length).split('/')
    const name = decodeURIComponent(segments[segments.length - 1] as string)
    add(`skill://${segments.slice(0, -1).join('/')}`, {
      uri: file.uri,
      name,
      mimeType: file.mimeType,
      size: file.bytes.length,
    })
    for (let depth = segments.length - 1; depth >= 2; depth--) {
      const dir = `skill://${segments.slice(0, depth).join('/')}`
      const parent = `skill://${segments.slice(0, depth - 1).join('/')}`
      const dirName = decodeURIComponent(segments[depth - 1] as string)
      add(parent, { uri: dir, name: dirName, mimeType: DIRECTORY_MIME_TYPE })
    }
  }
  return new Map(
    Array.from(children, ([dir, map]) => [dir, [...map.values()].sort((a, b) => (a.uri < b.uri ? -1 : 1))]),
  )
}
