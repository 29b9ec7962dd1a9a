import { McpServer } from '@edgemcp/core'

const user = {
  type: 'object',
  properties: { id: { type: 'string' }, manager: { $ref: '#/$defs/User' } },
  required: ['id'],
}
const tree = {
  type: 'object',
  properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
  required: ['value'],
}

/** The sample server of the round trip: every shape the generator types, paged two tools at a time. */
export function createSampleServer(): McpServer {
  const server = new McpServer({ name: 'codegen-sample', version: '1.0.0' }, { pageSize: 2 })
  server.tool(
    'add',
    {
      description: 'Adds two numbers.',
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number', default: 0 } },
        required: ['a'],
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
    },
    async (args) => {
      const sum = Number(args.a) + Number(args.b ?? 0)
      return { content: [{ type: 'text', text: String(sum) }], structuredContent: { sum } }
    },
  )
  server.tool(
    'tree.sum',
    {
      description: 'Sums a recursive tree.',
      inputSchema: {
        type: 'object',
        $defs: { Node: tree },
        properties: { root: { $ref: '#/$defs/Node' } },
        required: ['root'],
      },
      outputSchema: {
        type: 'object',
        $defs: { Node: tree },
        properties: { total: { type: 'number' }, depth: { type: 'integer' } },
        required: ['total', 'depth'],
      },
    },
    async (args) => {
      type Node = { value: number; children?: Node[] }
      const walk = (n: Node, d: number): [number, number] =>
        (n.children ?? []).reduce<[number, number]>(
          ([t, m], c) => {
            const [ct, cd] = walk(c, d + 1)
            return [t + ct, Math.max(m, cd)]
          },
          [n.value, d],
        )
      const [total, depth] = walk(args.root as Node, 1)
      return { content: [], structuredContent: { total, depth } }
    },
  )
  server.tool(
    'shape_area',
    {
      inputSchema: {
        type: 'object',
        properties: {
          shape: {
            oneOf: [
              {
                type: 'object',
                properties: { kind: { const: 'circle' }, r: { type: 'number' } },
                required: ['kind', 'r'],
              },
              {
                type: 'object',
                properties: { kind: { const: 'rect' }, w: { type: 'number' }, h: { type: 'number' } },
                required: ['kind', 'w', 'h'],
              },
            ],
          },
          unit: { enum: ['cm', 'm', null] },
        },
        required: ['shape'],
      },
      outputSchema: {
        type: 'object',
        properties: { area: { type: 'number' }, unit: { type: ['string', 'null'] } },
        required: ['area', 'unit'],
      },
    },
    async (args) => {
      const shape = args.shape as { kind: string; r?: number; w?: number; h?: number }
      const area = shape.kind === 'circle' ? Math.PI * (shape.r ?? 0) ** 2 : (shape.w ?? 0) * (shape.h ?? 0)
      return {
        content: [],
        structuredContent: { area, unit: (args.unit as string | null | undefined) ?? null },
      }
    },
  )
  server.tool(
    'get-user',
    {
      inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      outputSchema: {
        type: 'object',
        $defs: { User: user },
        properties: { user: { $ref: '#/$defs/User' } },
        required: ['user'],
      },
    },
    async (args) => ({
      content: [],
      structuredContent: { user: { id: String(args.id), manager: { id: 'boss', manager: { id: 'ceo' } } } },
    }),
  )
  server.tool(
    'fail',
    { annotations: { destructiveHint: true }, inputSchema: { type: 'object' } },
    async () => ({
      content: [{ type: 'text', text: 'it broke' }],
      isError: true,
    }),
  )
  server.tool(
    'say',
    { inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
    async (args) => ({
      content: [{ type: 'text', text: String(args.text) }],
    }),
  )
  server.prompt('greet', { arguments: [{ name: 'who', required: true }] }, async (args) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Hello, ${args.who}!` } }],
  }))
  server.resourceTemplate('note://{id}{?lang}', { name: 'note' }, async (uri, variables) => ({
    contents: [{ uri, text: `note ${String(variables.id)} ${String(variables.lang ?? '')}`.trim() }],
  }))
  return server
}
