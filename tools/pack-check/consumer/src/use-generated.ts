// Uses the stubs `npx @edgemcp/codegen` generated from the running Node server (src/generated/client.ts).
import { McpClient } from '@edgemcp/core'
import { StreamableHttpClientTransport } from '@edgemcp/streamable-http'
import { type AddOutput, add, createClient } from './generated/client.js'

export async function sum(url: string): Promise<number> {
  const client = new McpClient({ name: 'generated-user', version: '1.0.0' })
  await client.connect(new StreamableHttpClientTransport(url))
  const out: AddOutput = await add(client, { a: 2, b: 3 }, { unwrap: true })
  const again = await createClient(client).add({ a: out.sum, b: 1 }, { unwrap: true })
  // @ts-expect-error: b is required by the tool's inputSchema
  await add(client, { a: 1 })
  await client.close()
  return again.sum
}
