import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  deadReadmeLinks,
  importsNotInstalled,
  loggedLines,
  markdownLinks,
  readRepoFile,
  showsLine,
  userDocs,
} from './docs-rules.js'
import { publishedPackages, repoRoot } from './packages.js'
import { tsExamples } from './readme-blocks.js'

const packages = publishedPackages()

describe('package READMEs as npm shows them (issue 33)', () => {
  it.each(packages.map((p) => ({ name: p.json.name, pkg: p })))(
    '$name links nothing relative outside the package or unpublished',
    ({ pkg }) => {
      expect(deadReadmeLinks(pkg, readFileSync(join(pkg.path, 'README.md'), 'utf8'))).toEqual([])
    },
  )

  it.each(packages.map((p) => ({ name: p.json.name, pkg: p })))(
    '$name installs every @edgemcp package its examples import',
    ({ pkg }) => {
      const file = `${pkg.dir}/README.md`
      expect(importsNotInstalled(readRepoFile(file), file, pkg.json.name)).toEqual([])
    },
  )

  it('finds the links that would be dead: up and out, an unpublished file; keeps absolute ones and anchors', () => {
    const pkg = packages.find((p) => p.json.name === '@edgemcp/core')!
    const md = [
      '[a](../../docs/guides/x.md) [b](../workers#readme) [c](examples/x.ts) [d](dist/index.js)',
      '[e](https://github.com/edgemcp/edgemcp/tree/main/docs) [f](#usage) `[g](../not-a-link)`',
      '[i](https://github.com/edgemcp/edgemcp/tree/main/docs/no-such-guide.md#x)',
      '```md',
      '[h](../in-a-code-block)',
      '```',
    ].join('\n')
    expect(markdownLinks(md).map((l) => l.target)).toEqual([
      '../../docs/guides/x.md',
      '../workers#readme',
      'examples/x.ts',
      'dist/index.js',
      'https://github.com/edgemcp/edgemcp/tree/main/docs',
      '#usage',
      'https://github.com/edgemcp/edgemcp/tree/main/docs/no-such-guide.md#x',
    ])
    expect(deadReadmeLinks(pkg, md)).toEqual([
      'packages/core/README.md:1: ../../docs/guides/x.md leaves the package',
      'packages/core/README.md:1: ../workers#readme leaves the package',
      'packages/core/README.md:1: examples/x.ts is not in the published files',
      'packages/core/README.md:3: https://github.com/edgemcp/edgemcp/tree/main/docs/no-such-guide.md#x names no file of the repository',
    ])
  })

  it('sees an import its install block leaves out', () => {
    const md =
      "```sh\nnpm i @edgemcp/core\n```\n```ts\nimport { a } from '@edgemcp/core'\nimport { b } from '@edgemcp/streamable-http/node'\n```"
    expect(importsNotInstalled(md, 'x.md')).toEqual(['@edgemcp/streamable-http'])
  })
})

describe('the documentation a user reads', () => {
  it('gives every Vitest example hook that starts a server a timeout above the 10 s default', () => {
    const hooks = tsExamples().flatMap((e) =>
      [...e.code.matchAll(/^beforeAll\(async \(\) => \{\n([\s\S]*?)^\}(, [\d_]+)?\)/gm)]
        .filter((m) => /mcpShell|mcpHttp|serve\(|spawn/.test(m[1]!))
        .map((m) => ({
          at: `${e.file}:${e.line}`,
          timeout: Number((m[2] ?? ', 0').slice(2).replace(/_/g, '')),
        })),
    )
    expect(hooks.length).toBeGreaterThan(0)
    expect(hooks.filter((h) => h.timeout <= 10_000)).toEqual([])
  })

  it('shows in the auth README a local-token recipe (staticJwks, a token minted here) that the consumer test runs', () => {
    // Marked `ts run`: test/consumer.ts runs it from the packed packages and compares what it prints.
    const recipe = tsExamples().filter(
      (e) =>
        e.file === 'packages/auth/README.md' &&
        e.meta.includes('run') &&
        /staticJwks\(/.test(e.code) &&
        /new SignJWT\(/.test(e.code),
    )
    expect(recipe.map((e) => `${e.file}:${e.line}`)).toHaveLength(1)
  })

  it('marks every Node server example ```ts server (or run, when it stops by itself), so that the consumer test runs it; none listens unchecked', () => {
    // Examples that need a service of their own (Redis) are type-checked only.
    const servers = tsExamples().filter(
      (e) =>
        e.env === 'node' &&
        /from '(@hono\/node-server|@edgemcp\/streamable-http\/node)'/.test(e.code) &&
        /\bserve\(/.test(e.code) &&
        !e.code.includes('REDIS_URL'),
    )
    expect(servers.length).toBeGreaterThanOrEqual(3)
    expect(
      servers
        .filter((e) => !e.meta.includes('server') && !e.meta.includes('run'))
        .map((e) => `${e.file}:${e.line}`),
    ).toEqual([])
    // @hono/node-server's serve() listens on every interface and checks no Host (DNS rebinding).
    expect(
      servers.filter((e) => e.code.includes("from '@hono/node-server'")).map((e) => `${e.file}:${e.line}`),
    ).toEqual([])
    const at = (e: { file: string; line: number }) => `${e.file}:${e.line}`
    const marked = tsExamples().filter((e) => e.meta.includes('server'))
    expect(marked.map(at).filter((m) => !servers.map(at).includes(m))).toEqual([])
  })

  it('never says `npx edgemcp-codegen` (no npm package has that name: anyone could register it)', () => {
    const found = userDocs().flatMap((f) =>
      readFileSync(f, 'utf8')
        .split('\n')
        .flatMap((l, i) =>
          /npx\s+(--\S+\s+)*edgemcp-codegen/.test(l) ? [`${relative(repoRoot, f)}:${i + 1}`] : [],
        ),
    )
    expect(found).toEqual([])
  })

  it('says where a user starts that the packages need "type": "module" and NodeNext (or bundler) resolution', () => {
    for (const file of ['README.md', 'packages/core/README.md']) {
      const text = readRepoFile(file)
      expect(text, file).toContain('"type": "module"')
      expect(text, file).toMatch(/"module": "NodeNext"/)
    }
  })
})

describe('the logging guide (issue 33: no logging story)', () => {
  const GUIDE = 'docs/guides/logging-and-debugging.md'
  const guide = readRepoFile(GUIDE)
  /** The `edgemcp: …` lines the guide's table shows. */
  const shown = [...guide.matchAll(/^\| `(edgemcp: [^`]*)`/gm)].map((m) => m[1]!)
  const logged = packages.flatMap(loggedLines)

  it('lists every line the packages log by themselves, and none they do not', () => {
    expect(logged.length).toBeGreaterThanOrEqual(4)
    expect(logged.filter((l) => !shown.some((s) => showsLine(s, l.message))).map((l) => l.at)).toEqual([])
    expect(shown.filter((s) => !logged.some((l) => showsLine(s, l.message)))).toEqual([])
  })

  it('matches a shown line to the source by its text before the first `;`, anything for an interpolation', () => {
    const slot = (name: string) => `\${${name}}` // the source's `${name}`, as written
    expect(
      showsLine('edgemcp: internal error <id>: <the error>', `edgemcp: internal error ${slot('id')}:`),
    ).toBe(true)
    expect(
      showsLine('edgemcp: MCP_MRTR_SECRET is not set; …', `edgemcp: ${slot('v')} is not set; each`),
    ).toBe(true)
    expect(showsLine('edgemcp: could not reach the hub', 'edgemcp: task run failed')).toBe(false)
  })

  it("says where a Worker's lines go (wrangler dev, wrangler tail, Workers Logs), and the deploy guide links it", () => {
    for (const text of [
      'wrangler dev',
      'wrangler tail',
      '"observability"',
      'head_sampling_rate',
      '--log-level debug',
    ])
      expect(guide, text).toContain(text)
    expect(readRepoFile('docs/guides/deploy-to-cloudflare-workers.md')).toContain(GUIDE)
  })
})
