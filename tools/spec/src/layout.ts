import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Every MCP revision whose schema is synced into packages/core/spec, oldest first. */
export const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const
export type Revision = (typeof REVISIONS)[number]

/** The revision whose upstream examples are copied into the core test fixtures. */
export const EXAMPLES_REVISION: Revision = '2026-07-28'

/** Repository root: this file lives in tools/spec/src (or tools/spec/dist once compiled). */
export const repoRoot = (): string => resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** The shared folder with the official schemas: `$EDGEMCP_SHARED`, else `../shared` next to the repo. */
export const sharedDir = (root: string = repoRoot()): string =>
  process.env.EDGEMCP_SHARED ? resolve(process.env.EDGEMCP_SHARED) : resolve(root, '..', 'shared')

export const upstreamSchemaPath = (shared: string, rev: Revision): string =>
  join(shared, 'mcp-schema', rev, 'schema.json')

export const upstreamExamplesDir = (shared: string): string =>
  join(shared, 'mcp-schema', EXAMPLES_REVISION, 'examples')

/** Paths inside the repo, relative to its root (used for writing and for generated headers). */
export const repoPaths = {
  specSchema: (rev: Revision): string => `packages/core/spec/${rev}.schema.json`,
  generatedTypes: (rev: Revision): string => `packages/core/src/types/${rev}.generated.ts`,
  typesIndex: 'packages/core/src/types/index.ts',
  examplesDir: 'packages/core/test/fixtures/examples',
  examplesModule: 'packages/core/test/fixtures/examples.generated.ts',
} as const

/** The generator named in DO-NOT-EDIT headers. */
export const GENERATOR = 'tools/spec/src/sync.ts (npm run spec:sync)'

/** `2026-07-28` -> `Rev2026_07_28`, the namespace name used for a revision's types. */
export const revisionNamespace = (rev: Revision): string => `Rev${rev.replaceAll('-', '_')}`
