import { invalidParams, ResourceNotFoundError } from '../errors/protocol-error.js'
import { resourceNotFoundCode } from '../protocol/versions.js'
import type { RequestScope } from '../server/core.js'
import { extendServer } from '../server/extend.js'
import { serverEngine } from '../server/engine.js'
import type { McpServer } from '../server/mcp-server.js'
import { requireString } from '../server/methods/shared.js'
import { paginate } from '../server/pagination.js'
import type { Registration } from '../server/registry.js'
import type { JsonObject, ReadResourceResult, ResourceMetadata } from '../server/types.js'
import { buildCatalog, type Catalog, SKILL_MD } from './catalog.js'
import { base64, type SkillFiles } from './files.js'

/** The extension's identifier under `capabilities.extensions` (SEP-2640). */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills'

/** Where a server's skills come from: the files, or a function that gives them. */
export type SkillSource = SkillFiles | (() => SkillFiles | Promise<SkillFiles>)

export interface ServeSkillsOptions {
  /**
   * The skill files by path relative to the skills root (`pdf-processing/SKILL.md`, …), or a function giving
   * them: called once, on the first request that needs them (never at import or registration, which keeps
   * Workers' global scope free of I/O). A failed load is retried by the next request.
   */
  files: SkillSource
  /** Offer `resources/directory/read` on skill folders (declared as `directoryRead: true`). Default true. */
  directoryRead?: boolean | undefined
}

/**
 * Serves skills (SEP-2640, `io.modelcontextprotocol/skills`) from `server`: declares the extension, answers
 * `skills/list`, `skills/get` and (by default) `resources/directory/read`, and serves every skill file as a
 * `skill://` resource (each SKILL.md is listed in `resources/list` under its frontmatter name and description).
 * Entries carry each file's SHA-256 digest and size, so hosts can verify what they read.
 *
 * @example
 * serveSkills(server, { files: { 'greeting/SKILL.md': '---\nname: greeting\ndescription: Greets.\n---\nSay hi.' } })
 */
export function serveSkills(server: McpServer, options: ServeSkillsOptions): Registration {
  const catalog = lazyCatalog(options.files)
  const directoryRead = options.directoryRead ?? true
  const template = server.resourceTemplate(
    'skill://{+path}',
    {
      name: 'skills',
      title: 'Agent skills',
      description: 'Files of the skills this server serves (SEP-2640); start from a skill’s SKILL.md.',
      list: async () => (await catalog()).skills.map(skillMdResource),
    },
    async (uri, _variables, ctx) => readFile(await catalog(), uri, ctx.protocolVersion),
  )
  const page = (scope: RequestScope, all: readonly JsonObject[], key: string): JsonObject => {
    const { items, nextCursor } = paginate(all, scope.params.cursor, scope.core.options.pageSize, 0)
    return nextCursor === undefined ? { [key]: items } : { [key]: items, nextCursor }
  }
  const methods = {
    'skills/list': {
      cacheable: true,
      run: async (scope: RequestScope) => page(scope, await entries(catalog), 'skills'),
    },
    'skills/get': {
      cacheable: true,
      run: async (scope: RequestScope) => {
        const uri = requireString(scope.params, 'uri')
        const entry = (await catalog()).bySkillUri.get(uri)
        if (!entry) throw invalidParams(`no skill is served at ${uri}`, 'uri')
        return { skill: entry as unknown as JsonObject }
      },
    },
    ...(directoryRead && {
      'resources/directory/read': {
        run: async (scope: RequestScope) => {
          const uri = requireString(scope.params, 'uri').replace(/\/+$/, '')
          const children = (await catalog()).directories.get(uri)
          if (!children) throw invalidParams(`${uri} is not a directory this server serves`, 'uri')
          return page(scope, children as unknown as JsonObject[], 'resources')
        },
      },
    }),
  }
  const extension = extendServer(serverEngine(server), SKILLS_EXTENSION, {
    settings: directoryRead ? { directoryRead } : {},
    methods,
  })
  return {
    remove: () => {
      extension.remove()
      template.remove()
    },
  }
}

const entries = async (catalog: () => Promise<Catalog>) => (await catalog()).skills as unknown as JsonObject[]

/** The catalog, built on first use; a failed build is forgotten so that the next request tries again. */
function lazyCatalog(source: SkillSource): () => Promise<Catalog> {
  let pending: Promise<Catalog> | undefined
  return () => {
    if (!pending) {
      const building = (async () => buildCatalog(typeof source === 'function' ? await source() : source))()
      building.catch(() => {
        if (pending === building) pending = undefined
      })
      pending = building
    }
    return pending
  }
}

/** A SKILL.md as `resources/list` shows it: named and described by its frontmatter. */
function skillMdResource(entry: Catalog['skills'][number]): ResourceMetadata & { uri: string } {
  const { name, description } = entry.frontmatter
  const size = entry.resources.find((r) => r.uri === entry.uri)?.size
  return {
    uri: entry.uri,
    name: String(name),
    ...(typeof description === 'string' && { description }),
    mimeType: 'text/markdown',
    ...(size !== undefined && { size }),
  }
}

function readFile(catalog: Catalog, uri: string, protocolVersion: string): ReadResourceResult {
  const file = catalog.files.get(uri)
  if (!file) throw new ResourceNotFoundError(uri, resourceNotFoundCode(protocolVersion))
  const mimeType = uri.endsWith(`/${SKILL_MD}`) ? 'text/markdown' : file.mimeType
  return {
    contents: [
      file.text === undefined
        ? { uri, mimeType, blob: base64(file.bytes) }
        : { uri, mimeType, text: file.text },
    ],
  }
}
