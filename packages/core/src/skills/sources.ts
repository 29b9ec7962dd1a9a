import type { SkillFiles } from './files.js'

/** What `skillsFromDirectory` needs of Node's `fs/promises` (and Deno's and Bun's, which provide it). */
interface FsPromises {
  readdir(
    path: string,
    options: { recursive: true; withFileTypes: true },
  ): Promise<Array<{ name: string; parentPath?: string; path?: string; isFile(): boolean }>>
  readFile(path: string): Promise<Uint8Array>
}

/**
 * Skill files read from a folder on disk (Node, Deno, Bun): every file under `dir`, by its path relative to
 * `dir`; names starting with a dot are skipped. The folder is read when the server first needs its skills.
 *
 * The file system is reached through `process.getBuiltinModule`, not an import: this module is also loaded on
 * Cloudflare Workers, where there is no disk and a static `node:fs` import would not even bundle.
 *
 * @example
 * serveSkills(server, { files: skillsFromDirectory(new URL('./skills', import.meta.url).pathname) })
 */
export function skillsFromDirectory(dir: string): () => Promise<SkillFiles> {
  return async () => {
    const proc = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process
    const fs = proc?.getBuiltinModule?.('node:fs/promises') as FsPromises | undefined
    if (!fs) throw new Error('skillsFromDirectory needs a file system (Node ≥ 20.16, Deno or Bun)')
    const root = dir.replace(/[\\/]+$/, '')
    const files: Record<string, Uint8Array> = {}
    for (const entry of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
      const parent = (entry.parentPath ?? entry.path ?? root).replace(/\\/g, '/')
      const relative = `${parent.slice(root.replace(/\\/g, '/').length)}/${entry.name}`.replace(/^\/+/, '')
      if (!entry.isFile() || relative.split('/').some((s) => s.startsWith('.'))) continue
      files[relative] = new Uint8Array(await fs.readFile(`${root}/${relative}`))
    }
    return files
  }
}

/** What `skillsFromAssets` needs of a Workers static-assets binding (`env.ASSETS`) or any fetcher. */
export interface AssetFetcher {
  fetch(request: Request): Promise<Response>
}

/**
 * Skill files served as Workers static assets: `paths` (relative to the skills root, e.g.
 * `pdf-processing/SKILL.md`) are fetched from `assets` under `base` (default `/skills/`) when the server first
 * needs its skills. Static assets cannot be listed, hence the explicit paths.
 *
 * @example
 * serveSkills(server, { files: skillsFromAssets(env.ASSETS, { paths: ['greeting/SKILL.md'] }) })
 */
export function skillsFromAssets(
  assets: AssetFetcher,
  options: { paths: readonly string[]; base?: string | undefined },
): () => Promise<SkillFiles> {
  const base = `/${(options.base ?? '/skills/').replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/')
  return async () => {
    const files: Record<string, Uint8Array> = {}
    await Promise.all(
      options.paths.map(async (path) => {
        const url = new URL(`${base}${path.replace(/^\/+/, '')}`, 'https://assets.invalid')
        const response = await assets.fetch(new Request(url))
        if (!response.ok) throw new Error(`skills: asset ${url.pathname} answered HTTP ${response.status}`)
        files[path] = new Uint8Array(await response.arrayBuffer())
      }),
    )
    return files
  }
}
