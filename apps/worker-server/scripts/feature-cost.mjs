// `npm run size -- --features`: roughly what each feature adds to the budgeted bundle, measured by building it
// again with that feature's modules replaced by empty stand-ins (their callers stay, so each figure is a lower
// bound). For deciding what a budget can hold; the features are all in use by this app. Also what the tools-only
// minimal Worker (minimalWorker()) carries that it never runs: the cost of each feature to it, and what is left
// when they are taken away one after the other (what import structure could save; its goal is mcp-lite's size).
import { readFileSync } from 'node:fs'
import { measureWorker, minimalWorker, OURS } from './worker-bundle.mjs'

const FEATURES = {
  'legacy HTTP+SSE transport (@edgemcp/sse)':
    /sse\/dist\/server\/(sse-endpoint|sse-channel|auto-endpoint|options)\.js$/,
  'MRTR (rounds, signed state, input collector)':
    /core\/dist\/server\/(mrtr-round|mrtr-state|input-collector)\.js$/,
  'Mcp-Name / Mcp-Param header checks':
    /streamable-http\/dist\/(modern-headers|x-mcp-header|header-value)\.js$/,
  'schema validation glue + fast path': /core\/dist\/server\/(schema-validation|fast-check)\.js$/,
  'hub fan-out (hub object, listen, events)':
    /(workers\/dist\/(hub-object|server-events)|core\/dist\/server\/methods\/subscriptions)\.js$/,
  'Last-Event-ID resumption (SQL event store)': /workers\/dist\/sql-event-store\.js$/,
  'URI templates': /core\/dist\/server\/uri-match\.js$/,
  completion: /core\/dist\/server\/methods\/completion\.js$/,
}

/**
 * What the minimal Worker (ToolServer and createStatelessJsonHandler) carries that a tools-only server could do
 * without. (The legacy era, sessions, MRTR, resources, prompts, completion and listen are already out:
 * ToolServer does not install them; the transport's legacy side and SSE: the stateless JSON handler.)
 */
const UNUSED_BY_MINIMAL = {
  'schema validation fast path (quick-accept)': /core\/dist\/server\/quick-accept\.js$/,
  'Mcp-Param checks (x-mcp-header)': /streamable-http\/dist\/(x-mcp-header|header-value)\.js$/,
}

/** Replaces the modules `filter` matches with exports of the same names that do nothing. */
const standIn = (filter) => ({
  name: 'stand-in',
  setup(build) {
    build.onLoad({ filter }, ({ path }) => {
      const source = readFileSync(path, 'utf8')
      const names = new Set()
      for (const m of source.matchAll(/export (?:async )?(?:function\*?|class|const|let|var) ([\w$]+)/g))
        names.add(m[1])
      for (const m of source.matchAll(/export \{([^}]*)\}/g))
        for (const part of m[1].split(',')) {
          const name = part
            .trim()
            .split(/\s+as\s+/)
            .pop()
          if (name) names.add(name)
        }
      return { contents: [...names].map((n) => `export const ${n} = () => {}`).join('\n'), loader: 'js' }
    })
  },
})

/** What each feature adds to `all`, the measured OURS bundle (measureWorker(OURS)). */
export async function featureCosts(all) {
  const rows = []
  for (const [feature, filter] of Object.entries(FEATURES)) {
    const without = await measureWorker({ ...OURS, plugins: [standIn(filter)] })
    rows.push({ feature, minified: all.minified - without.minified, gzipped: all.gzipped - without.gzipped })
  }
  return rows
}

/**
 * What each feature a tools-only server never runs costs the minimal Worker (`alone`), and the size left when
 * it and the features above it are all taken away (`left`): lower bounds, as above.
 */
export async function minimalFeatureCosts(all) {
  const rows = []
  const taken = []
  for (const [feature, filter] of Object.entries(UNUSED_BY_MINIMAL)) {
    taken.push(standIn(filter))
    const alone = await measureWorker({ ...minimalWorker(), plugins: [standIn(filter)] })
    const left = await measureWorker({ ...minimalWorker(), plugins: [...taken] })
    rows.push({
      feature,
      minified: all.minified - alone.minified,
      gzipped: all.gzipped - alone.gzipped,
      left: { minified: left.minified, gzipped: left.gzipped },
    })
  }
  return rows
}
