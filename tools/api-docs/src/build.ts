import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Application, type TypeDocOptions } from 'typedoc'
import { documentedPackages } from './packages.js'

export interface BuildResult {
  /** Errors and warnings TypeDoc reported (validation warnings count as errors). */
  problems: string[]
  packages: string[]
}

/** Options every package's conversion shares: public API only, TypeDoc's own link validation as errors. */
const COMMON: TypeDocOptions = {
  excludePrivate: true,
  excludeInternal: true,
  excludeProtected: true,
  disableSources: true,
  readme: 'none',
  validation: { invalidLink: true, notExported: false, notDocumented: false },
  treatValidationWarningsAsErrors: true,
  logLevel: 'Warn',
}

/** Runs `app`'s step and collects what its logger reported as errors or warnings. */
function watchLogger(app: Application, problems: string[], label: string): void {
  const log = app.logger.log.bind(app.logger)
  app.logger.log = (message, level) => {
    // LogLevel: Verbose 0, Info 1, Warn 2, Error 3.
    if (Number(level) >= 2) problems.push(`${label}: ${String(message)}`)
    log(message, level)
  }
}

/**
 * The API reference of every published package: each package converted with its own tsconfig (its runtime's
 * types: Workers for @edgemcp/workers, Node for stdio, …) to TypeDoc's JSON model, then merged into one site
 * at `out`, one module per package.
 */
export async function buildApiDocs(out: string): Promise<BuildResult> {
  const problems: string[] = []
  const packages = documentedPackages()
  const models = mkdtempSync(join(tmpdir(), 'edgemcp-api-docs-'))
  try {
    const jsons: string[] = []
    // A sibling is read from its sources, not its dist/ declarations: then a symbol of @edgemcp/core used by
    // @edgemcp/auth is the one core's own conversion documents, and a {@link} to it resolves on the site.
    const paths = Object.fromEntries(
      packages.flatMap((p) => Object.entries(p.sources).map(([specifier, file]) => [specifier, [file]])),
    )
    for (const pkg of packages) {
      const app = await Application.bootstrapWithPlugins({
        ...COMMON,
        name: pkg.name,
        entryPoints: pkg.entryPoints,
        tsconfig: join(pkg.dir, 'tsconfig.build.json'),
        compilerOptions: { rootDir: join(pkg.dir, '..'), paths },
        // A sibling's sources compiled under this package's settings (its runtime's types) may not type-check;
        // every package's own typecheck task checks its code.
        skipErrorChecking: true,
      })
      watchLogger(app, problems, pkg.name)
      const project = await app.convert()
      if (!project) {
        problems.push(`${pkg.name}: TypeDoc could not convert it`)
        continue
      }
      // Links are validated once, on the merged site: a {@link} to a sibling package's export resolves there.
      const json = join(models, `${pkg.name.replace(/\W+/g, '-')}.json`)
      await app.generateJson(project, json)
      jsons.push(json)
    }
    const site = await Application.bootstrapWithPlugins({
      ...COMMON,
      name: 'edgemcp',
      entryPointStrategy: 'merge',
      entryPoints: jsons,
      out,
      cleanOutputDir: true,
    })
    watchLogger(site, problems, 'site')
    const merged = await site.convert()
    if (!merged) problems.push('site: TypeDoc could not merge the packages')
    else {
      site.validate(merged)
      await site.generateDocs(merged, out)
    }
  } finally {
    rmSync(models, { recursive: true, force: true })
  }
  return { problems, packages: packages.map((p) => p.name) }
}
