import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publishedPackages, type WorkspacePackage } from './packages.js'
import { exportedValues, undocumented } from './readme-exports.js'

/** Whether any entry point of the package has types (is code a user imports), not only ./package.json. */
const hasCodeExports = (pkg: WorkspacePackage) =>
  Object.values((pkg.json.exports ?? {}) as Record<string, unknown>).some(
    (target) => typeof target === 'object' && target !== null && 'types' in target,
  )

describe('package READMEs', () => {
  it.each(publishedPackages().map((p) => ({ name: p.json.name, pkg: p })))(
    '$name: its README names every value its public entry points export',
    ({ pkg }) => {
      const values = exportedValues(pkg)
      if (!hasCodeExports(pkg)) {
        // A command only (an initializer such as create-edgemcp): no API, so nothing to name; a bin to run.
        expect(values, `${pkg.dir} exports no code but has API reports`).toEqual([])
        expect(pkg.json.bin, `${pkg.dir} exports no code and has no bin`).toBeDefined()
        return
      }
      expect(values.length, 'no API report: run npm run api:update').toBeGreaterThan(0)
      const readme = readFileSync(join(pkg.path, 'README.md'), 'utf8')
      expect(undocumented(values, readme), `document these in ${pkg.dir}/README.md`).toEqual([])
    },
  )

  it('finds an export the README does not name, and none that it does', () => {
    expect(undocumented(['McpServer', 'UriTemplate', '$x'], 'new McpServer(…) and $x')).toEqual([
      'UriTemplate',
    ])
    expect(undocumented(['isRequest'], 'isRequestLike')).toEqual(['isRequest'])
  })
})
