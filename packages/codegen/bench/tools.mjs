// Seeded generator of realistic tool listings for the benchmark: nesting, enums, anyOf, $ref, outputSchema.

/** A small deterministic PRNG (mulberry32). */
export function createRandom(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  'issue',
  'repo',
  'user',
  'label',
  'branch',
  'commit',
  'file',
  'team',
  'project',
  'alert',
  'run',
  'job',
]

function leaf(random, depth) {
  const r = random()
  if (r < 0.2) return { type: 'string', description: 'A text value used by the tool.', maxLength: 200 }
  if (r < 0.35) return { type: 'integer', minimum: 0, default: 10, description: 'A count.' }
  if (r < 0.45) return { type: 'boolean', default: false }
  if (r < 0.6) return { type: 'string', enum: WORDS.slice(0, 3 + Math.floor(random() * 8)) }
  if (r < 0.7) return { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }
  if (r < 0.8) return { type: 'array', items: { type: 'string' }, description: 'A list of names.' }
  if (r < 0.9 && depth < 3) return object(random, depth + 1, 3)
  return { $ref: '#/$defs/Ref' }
}

function object(random, depth, size) {
  const properties = {}
  const required = []
  for (let i = 0; i < size; i++) {
    const name = `${WORDS[Math.floor(random() * WORDS.length)]}_${i}`
    properties[name] = leaf(random, depth)
    if (random() < 0.4) required.push(name)
  }
  return { type: 'object', description: `An object at depth ${depth}.`, properties, required }
}

function schema(random) {
  const root = object(random, 0, 19)
  root.$defs = {
    Ref: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Identifier' },
        kind: { enum: ['a', 'b', 'c'] },
        parent: { $ref: '#/$defs/Ref' },
      },
      required: ['id'],
    },
  }
  return root
}

/** `count` tools, each with an inputSchema of about 2.5 KB; every second one has an outputSchema. */
export function createTools(count, seed = 42) {
  const random = createRandom(seed)
  const tools = []
  for (let i = 0; i < count; i++) {
    const tool = {
      name: `${WORDS[i % WORDS.length]}_${['get', 'list', 'create', 'update', 'delete'][i % 5]}_${i}`,
      description: `Tool number ${i}: does something with ${WORDS[i % WORDS.length]} objects in a repository.`,
      inputSchema: schema(random),
      annotations: { readOnlyHint: i % 5 < 2 },
    }
    if (i % 2 === 0) tool.outputSchema = schema(random)
    tools.push(tool)
  }
  return { tools }
}
