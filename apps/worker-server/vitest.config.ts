import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { cloudflareTest } from '@cloudflare/vitest-pool-workers'
import { defineConfig } from 'vitest/config'

// OAuth test keys, made fresh for each run: the Worker gets the public JWKS (AUTH_JWKS), the tests the
// private keys (TEST_SIGNING_KEYS) to sign tokens with.
const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = (key: KeyObject) => key.export({ format: 'jwk' })
const publicJwks = {
  keys: [
    { ...jwk(ec.publicKey), kid: 'test-es256', alg: 'ES256', use: 'sig' },
    { ...jwk(rsa.publicKey), kid: 'test-rs256', alg: 'RS256', use: 'sig' },
  ],
}
const signingKeys = {
  ES256: { kid: 'test-es256', jwk: jwk(ec.privateKey) },
  RS256: { kid: 'test-rs256', jwk: jwk(rsa.privateKey) },
}

export default defineConfig({
  test: {
    projects: [
      // The app in workerd: its Worker, its Durable Objects (SQLite) and the tools, through SELF.fetch. Test
      // timeouts here and below are hang guards only: a loaded machine must not turn a slow test red.
      {
        plugins: [
          cloudflareTest({
            main: './src/index.ts',
            wrangler: { configPath: './wrangler.jsonc' },
            // The tests call the Worker as http://notes.test (its Host allowlist has loopback and workers.dev).
            miniflare: {
              bindings: { MCP_MRTR_SECRET: 'test-only-secret', MCP_ALLOWED_HOSTS: 'notes.test' },
            },
          }),
        ],
        test: { name: 'workerd', include: ['src/**/*.test.ts', 'test/*.test.ts'], testTimeout: 60_000 },
      },
      // The same app with OAuth on (AUTH_ISSUER set): bearer tokens signed by the tests.
      {
        plugins: [
          cloudflareTest({
            main: './src/index.ts',
            wrangler: { configPath: './wrangler.jsonc' },
            miniflare: {
              bindings: {
                MCP_MRTR_SECRET: 'test-only-secret',
                MCP_ALLOWED_HOSTS: 'notes.test',
                AUTH_ISSUER: 'https://issuer.test',
                AUTH_AUDIENCE: 'http://notes.test/mcp',
                AUTH_JWKS: JSON.stringify(publicJwks),
                AUTH_REQUIRED_SCOPES: 'notes',
                TEST_SIGNING_KEYS: JSON.stringify(signingKeys),
              },
            },
          }),
        ],
        test: { name: 'workerd-auth', include: ['test/auth/*.test.ts'], testTimeout: 60_000 },
      },
      // The Worker bundle: what it carries of our packages, and its size (Node, esbuild). Each test bundles the
      // Worker, which takes seconds on a busy machine: the timeout is only a hang guard.
      {
        test: { name: 'bundle', include: ['test/bundle/**/*.test.ts'], pool: 'threads', testTimeout: 60_000 },
      },
      // End to end: `wrangler dev` on a free port, driven over real HTTP by McpClient. One file at a time: two
      // `wrangler dev` of this directory at once share its build output, and one ending can reload the other's
      // Worker mid-test (issue #33).
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 600_000, // a hang guard: wrangler dev of this app waits for its directory's lock (tools/wrangler-dev)
        },
      },
    ],
  },
})
