/** Name globs for `--include` / `--exclude`: `*` any run of characters, `?` one, `[abc]` a set, `{a,b}` a choice. */
export function globToRegExp(glob: string): RegExp {
  let out = ''
  let braces = 0
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!
    if (c === '*') out += '.*'
    else if (c === '?') out += '.'
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2)
      if (end < 0) {
        out += '\\['
        continue
      }
      let set = glob.slice(i + 1, end).replace(/\\/g, '\\\\')
      if (set.startsWith('!')) set = `^${set.slice(1)}`
      out += `[${set}]`
      i = end
    } else if (c === '{') {
      braces++
      out += '(?:'
    } else if (c === '}' && braces > 0) {
      braces--
      out += ')'
    } else if (c === ',' && braces > 0) out += '|'
    else out += c.replace(/[.+^$()|\\/{}\]]/g, '\\$&')
  }
  return new RegExp(`^${out}${')'.repeat(braces)}$`, 'u')
}

/** True when `name` passes the filters: matches some include (if any) and no exclude. */
export function createNameFilter(
  include: readonly string[],
  exclude: readonly string[],
): (name: string) => boolean {
  const inc = include.map(globToRegExp)
  const exc = exclude.map(globToRegExp)
  return (name) => (inc.length === 0 || inc.some((r) => r.test(name))) && !exc.some((r) => r.test(name))
}
