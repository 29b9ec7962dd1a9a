/** The templates `create-edgemcp` can make: each a directory under templates/ of this package. */
export const TEMPLATES = [
  { name: 'worker', hint: 'Cloudflare Worker with Durable Objects (every MCP revision)' },
  { name: 'worker-oauth', hint: 'Cloudflare Worker that is its own OAuth 2.1 authorization server' },
  { name: 'node', hint: 'Node server (Hono): Streamable HTTP and legacy HTTP+SSE' },
  { name: 'stdio', hint: 'local stdio server for desktop clients' },
] as const

export type TemplateName = (typeof TEMPLATES)[number]['name']

export const isTemplate = (name: string): name is TemplateName => TEMPLATES.some((t) => t.name === name)

/** The first Node version current wrangler supports; below it projects get the last wrangler that runs there. */
const WRANGLER_NODE = [22, 12] as const

/** Versions of the Workers tools for a Node version: newest on 22.12+, the last that runs on Node 20 below. */
export function workersToolVersions(nodeVersion: string): Record<string, string> {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number)
  const modern = major > WRANGLER_NODE[0] || (major === WRANGLER_NODE[0] && minor >= WRANGLER_NODE[1])
  return modern ? { wrangler: '^4.86.0' } : { wrangler: '4.86.0' }
}

type Deps = Record<string, string>
interface TemplatePackage {
  name: string
  dependencies?: Deps
  devDependencies?: Deps
  [key: string]: unknown
}

/**
 * The project's package.json from the template's: its name, and every `"*"` replaced — `@edgemcp/*` by the
 * exact version this create-edgemcp was built with, Workers tools by the version for the user's Node.
 */
export function projectPackageJson(
  template: TemplatePackage,
  options: { name: string; versions: Readonly<Record<string, string>>; nodeVersion: string },
): TemplatePackage {
  const tools = workersToolVersions(options.nodeVersion)
  const resolve = (deps: Deps | undefined): Deps | undefined => {
    if (deps === undefined) return undefined
    const out: Deps = {}
    for (const [dep, range] of Object.entries(deps)) {
      const version = range === '*' ? (options.versions[dep] ?? tools[dep]) : range
      if (version === undefined) throw new Error(`create-edgemcp: no version known for ${dep}`)
      out[dep] = version
    }
    return out
  }
  const pkg: TemplatePackage = { ...template, name: options.name }
  const dependencies = resolve(template.dependencies)
  const devDependencies = resolve(template.devDependencies)
  if (dependencies) pkg.dependencies = dependencies
  if (devDependencies) pkg.devDependencies = devDependencies
  return pkg
}
