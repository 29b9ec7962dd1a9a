// `node:fs` plus a minimal `globSync(pattern, { cwd })` supporting `**`, `*` and `?` segments.
// Only what the conformance CLI uses (tier-check looks up `**/checks.json`).
import fs from 'node:fs'
import path from 'node:path'

export * from 'node:fs'

function segmentToRegExp(segment) {
  const escaped = segment.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')}$`)
}

function walk(root, rel, parts, out) {
  if (parts.length === 0) {
    out.add(rel)
    return
  }
  const [head, ...rest] = parts
  const abs = rel ? path.join(root, rel) : root
  if (head === '**') {
    walk(root, rel, rest, out)
    for (const entry of safeReaddir(abs)) {
      if (entry.isDirectory()) walk(root, rel ? `${rel}/${entry.name}` : entry.name, parts, out)
    }
    return
  }
  const re = segmentToRegExp(head)
  for (const entry of safeReaddir(abs)) {
    if (!re.test(entry.name)) continue
    if (rest.length > 0 && !entry.isDirectory()) continue
    walk(root, rel ? `${rel}/${entry.name}` : entry.name, rest, out)
  }
}

function safeReaddir(dir) {
  try {
    return fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return []
  }
}

export function globSync(pattern, options = {}) {
  const cwd = options.cwd ? String(options.cwd) : process.cwd()
  const out = new Set()
  for (const p of Array.isArray(pattern) ? pattern : [pattern]) {
    walk(cwd, '', String(p).split('/').filter(Boolean), out)
  }
  return [...out]
}

if (typeof fs.globSync !== 'function') fs.globSync = globSync

export default fs
