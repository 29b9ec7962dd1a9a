import { type InterfaceDeclarationStructure, type MethodSignatureStructure, StructureKind } from 'ts-morph'
import type { CodegenModel } from '../model/build-model.js'
import { compareCodeUnits } from '../model/identifiers.js'
import type { JsonValue } from '../model/type-node.js'
import { textWriter } from './declarations.js'
import type { Decl } from './decl.js'
import { promptSignature, templateSignature } from './extras.js'
import { jsonLiteral, propertyKey, stringLiteral } from './text.js'
import { optionsTypeOf, toolDoc, toolReturnType, typeParametersOf } from './tools.js'

const KNOWN_ANNOTATIONS: Record<string, string> = {
  title: 'string',
  readOnlyHint: 'boolean',
  destructiveHint: 'boolean',
  idempotentHint: 'boolean',
  openWorldHint: 'boolean',
}

/** `ToolName` and `ToolMap`: the wire names and each tool's input and output types. */
export function toolTypeDecls(model: CodegenModel): Decl[] {
  const names = model.tools.map((t) => stringLiteral(t.name))
  const union =
    names.length === 0
      ? ' never'
      : names.join(' | ').length > 80
        ? names.map((n) => `\n  | ${n}`).join('')
        : ` ${names.join(' | ')}`
  const entries = model.tools.map(
    (t) =>
      `  ${propertyKey(t.name)}: { input: ${t.input.name}; output: ${t.output ? t.output.name : 'unknown'} };`,
  )
  return [
    {
      module: 'types',
      statement: textWriter(
        `/** The raw name of every tool, as sent on the wire. */\nexport type ToolName =${union};`,
      ),
      declares: { types: ['ToolName'] },
      uses: {},
    },
    {
      module: 'types',
      statement: textWriter(
        `/** Each tool's argument type and structured output type (unknown without an outputSchema). */\nexport interface ToolMap {${entries.length ? `\n${entries.join('\n')}\n` : ''}}`,
      ),
      declares: { types: ['ToolMap'] },
      uses: { types: model.tools.flatMap((t) => [t.input.name, ...(t.output ? [t.output.name] : [])]) },
    },
  ]
}

/** `toolAnnotations`, `ToolsClient` and `createClient`. */
export function facadeDecls(model: CodegenModel): Decl[] {
  const annotations = Object.fromEntries(
    model.tools.map((t) => [
      t.name,
      Object.fromEntries(
        Object.entries(t.annotations).filter(
          ([k, v]) => KNOWN_ANNOTATIONS[k] !== undefined && typeof v === KNOWN_ANNOTATIONS[k],
        ),
      ),
    ]),
  )
  const methods: MethodSignatureStructure[] = model.tools.map((t) => ({
    kind: StructureKind.MethodSignature,
    name: t.identifier,
    docs: [toolDoc(t)],
    typeParameters: typeParametersOf(t),
    parameters: [
      { name: 'args', type: t.input.name, hasQuestionToken: t.argsOptional },
      { name: 'options', type: optionsTypeOf(t), hasQuestionToken: true },
    ],
    returnType: toolReturnType(t),
  }))
  for (const p of model.prompts ?? []) methods.push(promptSignature(p))
  for (const r of model.resourceTemplates ?? []) methods.push(templateSignature(r))
  const clientInterface: InterfaceDeclarationStructure = {
    kind: StructureKind.Interface,
    name: 'ToolsClient',
    isExported: true,
    docs: ['Every generated function, bound to one client.'],
    methods,
  }
  const clientType = [
    'ToolCaller',
    ...(model.prompts ? ['PromptGetter'] : []),
    ...(model.resourceTemplates ? ['ResourceReader'] : []),
  ]
  const functionNames = [
    ...model.tools.map((t) => t.identifier),
    ...(model.prompts ?? []).map((p) => p.identifier),
    ...(model.resourceTemplates ?? []).map((r) => r.identifier),
  ]
  const body = functionNames.map((name) => `  ${name}: (...args) => ${name}(client, ...args),`)
  return [
    {
      module: 'index',
      statement: textWriter(
        `/** Each tool's annotations, so callers can gate e.g. destructive tools. */\nexport const toolAnnotations = ${jsonLiteral(annotations)} as const satisfies Record<ToolName, ToolAnnotations>;`,
      ),
      declares: { values: ['toolAnnotations'] },
      uses: { types: ['ToolName', 'ToolAnnotations'] },
    },
    ...appDecls(model.tools),
    {
      module: 'index',
      statement: clientInterface,
      declares: { types: ['ToolsClient'] },
      uses: {
        types: [
          ...(model.tools.some((t) => !t.taskSupport) ? ['CallOptions'] : []),
          ...(model.tools.length > 0 ? ['CallResult'] : []),
          ...(model.tools.some((t) => t.taskSupport) ? ['TaskCallOptions', 'TaskOr'] : []),
          ...(model.tools.some((t) => t.output) ? ['ToolResult'] : []),
          ...(model.tools.some((t) => !t.output) ? ['CallToolResult', 'ToolContent'] : []),
          ...(model.prompts?.length || model.resourceTemplates?.length ? ['RequestOptions'] : []),
          ...(model.prompts?.length ? ['GetPromptResult'] : []),
          ...(model.resourceTemplates?.length ? ['ReadResourceResult'] : []),
          ...model.tools.flatMap((t) => [t.input.name, ...(t.output ? [t.output.name] : [])]),
          ...(model.prompts ?? []).map((p) => p.argsType),
          ...(model.resourceTemplates ?? []).map((r) => r.variablesType),
        ],
      },
    },
    {
      module: 'index',
      statement: {
        kind: StructureKind.Function,
        name: 'createClient',
        isExported: true,
        docs: ['Binds every generated function to `client`; the functions themselves stay tree-shakable.'],
        parameters: [{ name: functionNames.length > 0 ? 'client' : '_client', type: clientType.join(' & ') }],
        returnType: 'ToolsClient',
        statements: [`return {${body.length ? `\n${body.join('\n')}\n` : ''}};`],
      },
      declares: { values: ['createClient'] },
      uses: { values: functionNames, types: [...clientType, 'ToolsClient'] },
    },
  ]
}

/**
 * With MCP Apps (tools listed with `_meta.ui`): `toolApps`, each such tool's resource and visibility, and
 * `appOnlyTools`, the tools only the app calls (no `"model"` in their visibility). Nothing without apps.
 */
function appDecls(tools: CodegenModel['tools']): Decl[] {
  const apps = tools.filter((t) => t.app !== undefined)
  if (apps.length === 0) return []
  const byName = Object.fromEntries(
    [...apps].sort((a, b) => compareCodeUnits(a.name, b.name)).map((t) => [t.name, t.app as JsonValue]),
  )
  const appOnly = apps.filter((t) => !t.app!.visibility.includes('model')).map((t) => t.name)
  appOnly.sort(compareCodeUnits)
  const appType = "{ resourceUri: string; visibility: readonly ('model' | 'app')[] }"
  return [
    {
      module: 'index',
      statement: textWriter(
        `/** The MCP App (SEP-1865) of each tool that has one: the ui:// resource rendering its results, and who may call it. */\nexport const toolApps = ${jsonLiteral(byName)} as const satisfies Partial<Record<ToolName, ${appType}>>;`,
      ),
      declares: { values: ['toolApps'] },
      uses: { types: ['ToolName'] },
    },
    {
      module: 'index',
      statement: textWriter(
        `/** Tools only their app calls (visibility without "model"): hosts keep them from the model. */\nexport const appOnlyTools = ${jsonLiteral(appOnly)} as const satisfies readonly ToolName[];`,
      ),
      declares: { values: ['appOnlyTools'] },
      uses: { types: ['ToolName'] },
    },
  ]
}
