import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { publishedPackages } from './packages.js'
import { exportedValues, undocumented } from './readme-exports.js'

describe('package READMEs', () => {
  it.each(publishedPackages().map((p) => ({ name: p.json.name, pkg: p })))(
    '$name: its README names every value its public entry points export',
    ({ pkg }) => {
      const values = exportedValues(pkg)
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
