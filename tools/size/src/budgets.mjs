// Size budgets (bytes, gzipped) and the entries they apply to. Dependencies that are not ours (the JSON
// Schema validator) are left external so the figure is the size of our own code.
import { fileURLToPath } from 'node:url'

const here = fileURLToPath(new URL('.', import.meta.url))

export const entries = [
  {
    name: '@edgemcp/core (server + client engines)',
    contents: "export * from '@edgemcp/core'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    // The whole public API, so nothing here can be tree-shaken: it is the sum of the two entries below (each
    // side stays out of the other's bundle). Was 20 KiB until the client's HTTP behaviour of issue 13 took it
    // to 20.26 KiB: McpHttpError with its status hints (~1 KiB gz), response limits, discover validation and
    // the version retry. 21.5 KiB leaves ~1.2 KiB (6%) for the client work still landing (elicitation
    // defaults, standalone stream, bounded waits: a few hundred bytes); past that, look at what grew.
    // Raised to 21.85 on 2026-12-06, revising issue 30's 21.5: tool schemas are checked when a tool is
    // registered (#33, newcomer item 3: one bad schema broke the whole tools/list for the official SDK's
    // clients), 0.32 KiB gz that every server carries (21.38 KiB without it, 21.70 with it); cuts elsewhere
    // were tried and each removed a feature (the redteam-core branch's notes). The rest: the middleware hooks.
    // Middleware (issue 29) is a subpath, @edgemcp/core/middleware: the barrel carries only the engines' two
    // hooks (a property check per inbound message and per outbound request), +0.03 KiB (21.73 KiB); and the
    // two for server→client requests of legacy sessions (a handler's ctx.elicit on the server, the client's
    // answer), which tracing needs to put them in the trace: +0.04 KiB (21.77 KiB).
    // Raised on 2026-12-07 (issue 30): the session's requests in flight are a linked list (RequestsById), not
    // a Map whose churn promoted 183 B per request to old space (session tools/call 0.78x -> 0.80-0.85x raw
    // Hono, docs/benchmarks.md): +0.17 KiB gz (21.94 KiB).
    budgetGzip: 22 * 1024,
    /** Opt-in extensions live on subpaths of their own (`@edgemcp/core/skills`). */
    mustNotContain: ['skills/list', 'profile=mcp-app'],
  },
  {
    name: '@edgemcp/core (client only: McpClient)',
    contents: "export { McpClient } from '@edgemcp/core'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    // 8.84 KiB when set: the headroom is for the client work of issue 13 still landing.
    budgetGzip: 10 * 1024,
    mustNotContain: ['McpServer', 'ServerSession'],
  },
  {
    name: '@edgemcp/core (server only: McpServer)',
    contents: "export { McpServer } from '@edgemcp/core'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    // 12.05 KiB when set (it was 20 KiB, the whole core's budget, so the server could grow unseen): what every
    // server pays before its transport; issue 18 wants it smaller, so lower this as it shrinks. 13.1 since
    // 2026-12-07 (was 13.0): a request answered at once (issue 30: `handleNow`, `runRequest` synchronous,
    // 4.6 % fewer instructions per session tools/call) measured 13.04 KiB.
    budgetGzip: 13.1 * 1024,
    /** Strings that must be tree-shaken away from this entry (the tasks extension installs itself). */
    mustNotContain: ['McpClient', 'tasks/get', 'startedByHandler', 'profile=mcp-app'],
  },
  {
    name: '@edgemcp/core/skills with McpServer (opt-in; the yaml parser left out)',
    contents: "export { McpServer } from '@edgemcp/core'\nexport * from '@edgemcp/core/skills'",
    resolveDir: here,
    external: ['@cfworker/json-schema', 'yaml'],
    // 14.77 KiB when set: the server (12.25 KiB) plus the skills extension (~2.5 KiB). A server serving skills
    // also pays for yaml (~30 KiB gz; frontmatter is YAML), which only this subpath imports.
    budgetGzip: 16 * 1024,
  },
  {
    name: '@edgemcp/core server with tasks (McpServer + @edgemcp/core/tasks)',
    contents:
      "export { McpServer } from '@edgemcp/core'; export { taskExtension, createMemoryTaskStore, runTask } from '@edgemcp/core/tasks'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    // 14.78 KiB when set (issue 17): the tasks extension is a subpath, so only servers that import it pay for
    // it (~2.8 KiB over the server-only entry); the core barrel carries the engine's small hooks only.
    // Raised to 15.9 on 2026-12-06: the registration-time schema check (0.3 KiB, see the barrel) and the
    // per-client task budgets with bounded client info (#33 M1, M2): 15.80 KiB.
    // Raised on 2026-12-07 (issue 30): the session's requests in flight are a linked list (RequestsById), not
    // a Map whose churn promoted 183 B per request to old space (session tools/call 0.78x -> 0.80-0.85x raw
    // Hono, docs/benchmarks.md): +0.17 KiB gz (16.01 KiB; see the barrel).
    budgetGzip: 16.1 * 1024,
    mustNotContain: ['McpClient'],
  },
  {
    name: '@edgemcp/core server with MCP Apps (McpServer + @edgemcp/core/apps)',
    contents: "export { McpServer } from '@edgemcp/core'; export * from '@edgemcp/core/apps'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    // The apps extension is a subpath (SEP-1865): registration with the specification's checks, the client
    // support test and auditApps (for @edgemcp/testing), ~2 KiB gz over the server-only entry.
    // Raised to 15.1 on 2026-12-07: the engine's RequestsById (issue 30, see the barrel): 15.02 KiB.
    budgetGzip: 15.1 * 1024,
    mustNotContain: ['McpClient', 'tasks/get'],
  },
  {
    name: '@edgemcp/core server with middleware (McpServer + @edgemcp/core/middleware)',
    contents:
      "export { McpServer } from '@edgemcp/core'; export { useMiddleware } from '@edgemcp/core/middleware'",
    resolveDir: here,
    external: ['@cfworker/json-schema'],
    // Issue 29: useMiddleware and its composition (the InboundCall of each message, the engine's answer kept
    // when middleware passes it on): 13.26 KiB when set, 0.47 KiB over the server-only entry, which only
    // servers that import the subpath pay. 13.42 KiB with the `outbound` part (server→client requests).
    // Raised to 13.7 on 2026-12-07: the engine's RequestsById (issue 30, see the barrel): 13.64 KiB.
    budgetGzip: 13.7 * 1024,
    mustNotContain: ['McpClient'],
  },
  {
    name: '@edgemcp/explorer (the page; opt-in, not in the Worker budget)',
    contents: "export { createExplorer } from '@edgemcp/explorer'",
    resolveDir: here,
    external: [],
    // The explorer page (HTML, CSS and its script as strings) and its handler. A server pays it only when it
    // imports the package; the sample Worker's budgeted bundle (apps/worker-server) leaves it out. With the
    // MCP Apps host and its sandbox proxy: 13.5 KiB measured.
    budgetGzip: 16 * 1024,
    mustNotContain: ['McpServer', 'McpClient'],
  },
  {
    name: '@edgemcp/auth/client (the OAuth client, our code)',
    contents: "export * from '@edgemcp/auth/client'",
    resolveDir: here,
    external: ['@edgemcp/core', 'oauth4webapi'],
    budgetGzip: 9 * 1024,
    /** The client entry carries no server-side piece (Hono middleware, JWT verifier). */
    mustNotContain: ['bearerAuth', 'createJwtVerifier'],
  },
  {
    name: '@edgemcp/auth/client with oauth4webapi (what a Worker adds to @edgemcp/core)',
    contents: "export { createOAuthProvider } from '@edgemcp/auth/client'",
    resolveDir: here,
    external: ['@edgemcp/core'],
    budgetGzip: 16 * 1024,
  },
]
