import { type FunctionDeclarationStructure, StructureKind } from 'ts-morph'
import type { ToolModel } from '../model/build-model.js'
import { type JsonValue, referencedNames } from '../model/type-node.js'
import { namedTypeStatement, textWriter } from './declarations.js'
import type { Decl, ModuleName } from './decl.js'
import { docText, jsonLiteral, stringLiteral } from './text.js'

/**
 * A tool function is generic over `unwrap` alone, not over the whole options object: a type parameter for the
 * object would be fixed (to its default) before a callback in it (`onprogress: (p) => …`) gets its type, so
 * the callback's parameter would be an implicit any and the options "not assignable to undefined".
 */
export const TYPE_PARAMETER = {
  name: 'Unwrap',
  constraint: 'boolean | undefined',
  default: 'undefined',
  isConst: true,
} as const

/** The type of a tool function's `options` parameter. */
export const OPTIONS_TYPE = 'CallOptions & { unwrap?: Unwrap }'

/** A task-capable tool's functions are also generic over `task`: `{ task: true }` resolves to the handle. */
export const TASK_TYPE_PARAMETER = { ...TYPE_PARAMETER, name: 'AsTask' } as const
export const TASK_OPTIONS_TYPE = 'TaskCallOptions & { unwrap?: Unwrap; task?: AsTask }'

export const typeParametersOf = (tool: ToolModel) =>
  tool.taskSupport ? [TYPE_PARAMETER, TASK_TYPE_PARAMETER] : [TYPE_PARAMETER]
export const optionsTypeOf = (tool: ToolModel) => (tool.taskSupport ? TASK_OPTIONS_TYPE : OPTIONS_TYPE)

export function toolModule(tool: ToolModel): ModuleName {
  return `tools/${tool.fileName}`
}

/** `Promise<CallResult<...>>`: the result type of a tool function. */
export function toolReturnType(tool: ToolModel): string {
  const payload = tool.output ? tool.output.name : 'ToolContent'
  const result = tool.output ? `ToolResult<${tool.output.name}>` : 'CallToolResult'
  const outcome = `CallResult<{ unwrap: Unwrap }, ${result}, ${payload}>`
  return tool.taskSupport ? `Promise<TaskOr<AsTask, ${result}, ${outcome}>>` : `Promise<${outcome}>`
}

const ANNOTATION_TAGS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']

/** The JSDoc of a tool function: title, description, the wire name and the annotations as tags. */
export function toolDoc(tool: ToolModel): string {
  const title =
    tool.title ?? (typeof tool.annotations.title === 'string' ? tool.annotations.title : undefined)
  const doc = { ...(title ? { title } : {}), ...(tool.description ? { description: tool.description } : {}) }
  const tags = [`@tool ${tool.name}`]
  // `{ task: true }` hands back the task (SEP-2663); without it the call waits for the task's result.
  if (tool.taskSupport) tags.push(`@taskSupport ${tool.taskSupport}`)
  // An MCP App's tool: the View that renders its results; an app-only tool is for that View, not the model.
  if (tool.app) {
    tags.push(`@appResource ${tool.app.resourceUri}`, `@appVisibility ${tool.app.visibility.join(', ')}`)
    if (!tool.app.visibility.includes('model'))
      tags.push('@appOnly hosts keep it from the model: the app calls it')
  }
  for (const key of ANNOTATION_TAGS) {
    const value = tool.annotations[key]
    if (typeof value === 'boolean') tags.push(`@${key} ${value}`)
  }
  return docText(doc, tags)!
}

function schemasConstName(tool: ToolModel): string {
  return `${tool.identifier}Schemas`
}

/** Input and output types, the embedded schemas (with --validate) and the function of one tool. */
export function toolDecls(tool: ToolModel, validate: boolean): Decl[] {
  const out: Decl[] = []
  for (const named of [tool.input, tool.output]) {
    if (!named) continue
    out.push({
      module: 'types',
      statement: namedTypeStatement(named),
      declares: { types: [named.name] },
      uses: { types: [...referencedNames(named.type)] },
    })
  }
  const module = toolModule(tool)
  const returnType = toolReturnType(tool)
  const callArgs = [
    'client',
    stringLiteral(tool.name),
    'args',
    'options',
    String(tool.output !== undefined),
    ...(validate ? [schemasConstName(tool)] : []),
  ]
  if (validate) {
    const schemas: Record<string, JsonValue> = { input: tool.inputSchema as JsonValue }
    if (tool.outputSchema !== undefined) schemas.output = tool.outputSchema as JsonValue
    out.push({
      module,
      statement: textWriter(`const ${schemasConstName(tool)}: ToolSchemas = ${jsonLiteral(schemas)};`),
      declares: { values: [schemasConstName(tool)] },
      uses: { types: ['ToolSchemas'] },
    })
  }
  const fn: FunctionDeclarationStructure = {
    kind: StructureKind.Function,
    name: tool.identifier,
    isExported: true,
    docs: [toolDoc(tool)],
    typeParameters: typeParametersOf(tool),
    parameters: [
      { name: 'client', type: 'ToolCaller' },
      { name: 'args', type: tool.input.name, hasQuestionToken: tool.argsOptional },
      { name: 'options', type: optionsTypeOf(tool), hasQuestionToken: true },
    ],
    returnType,
    statements: [`return invokeTool(${callArgs.join(', ')}) as ${returnType};`],
  }
  out.push({
    module,
    statement: fn,
    declares: { values: [tool.identifier] },
    uses: {
      values: ['invokeTool', ...(validate ? [schemasConstName(tool)] : [])],
      types: [
        'ToolCaller',
        tool.taskSupport ? 'TaskCallOptions' : 'CallOptions',
        'CallResult',
        ...(tool.taskSupport ? ['TaskOr'] : []),
        tool.input.name,
        ...(tool.output ? ['ToolResult', tool.output.name] : ['CallToolResult', 'ToolContent']),
      ],
    },
  })
  return out
}
