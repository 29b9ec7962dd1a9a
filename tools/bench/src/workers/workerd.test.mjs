import { expect, it } from 'vitest'
import { WORKER_CONTENDERS } from './contenders.mjs'
import { workerdConfig } from './workerd.mjs'

const byId = (/** @type {string} */ id) => {
  const c = WORKER_CONTENDERS.find((x) => x.id === id)
  if (c === undefined) throw new Error(id)
  return c
}

it('configures one Worker on a kernel-chosen loopback port with its text bindings', () => {
  const config = workerdConfig(byId('raw-hono'), { TOOLSET: 'echo', MODE: 'stateless' })
  expect(config).toContain('address = "127.0.0.1:0"')
  expect(config).toContain('esModule = embed "worker.js"')
  expect(config).toContain('(name = "TOOLSET", text = "echo")')
  expect(config).toContain('compatibilityFlags = [  ]')
  expect(config).not.toContain('durableObject')
})

it('gives Durable Object contenders SQLite-backed namespaces on a disk directory, and their flags', () => {
  const config = workerdConfig(byId('agents-mcp-agent'), {})
  expect(config).toContain('(name = "MCP_OBJECT", durableObjectNamespace = "BenchAgent")')
  expect(config).toContain('(className = "BenchAgent", uniqueKey = "bench-BenchAgent", enableSql = true)')
  expect(config).toContain('durableObjectStorage = (localDisk = "do-disk")')
  expect(config).toContain('(name = "do-disk", disk = (path = "do", writable = true))')
  expect(config).toContain('compatibilityFlags = [ "nodejs_compat" ]')
  expect(config).toContain('(name = "cloudflare-internal:email", esModule = ')
})
