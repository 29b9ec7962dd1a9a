import { type FunctionDeclarationStructure, type MethodSignatureStructure, StructureKind } from 'ts-morph'
import type { PromptModel, ResourceTemplateModel } from '../model/build-model.js'
import type { Property, TypeNode } from '../model/type-node.js'
import { namedTypeStatement } from './declarations.js'
import type { Decl } from './decl.js'
import { docText, stringLiteral } from './text.js'

function promptDoc(prompt: PromptModel): string {
  const doc = {
    ...(prompt.title ? { title: prompt.title } : {}),
    ...(prompt.description ? { description: prompt.description } : {}),
  }
  return docText(doc, [`@prompt ${prompt.name}`])!
}

function templateDoc(template: ResourceTemplateModel): string {
  const doc = {
    ...(template.title ? { title: template.title } : {}),
    ...(template.description ? { description: template.description } : {}),
  }
  const tags = [
    `@uriTemplate ${template.uriTemplate}`,
    ...(template.mimeType ? [`@mimeType ${template.mimeType}`] : []),
  ]
  return docText(doc, tags)!
}

const argsOptional = (p: PromptModel): boolean => !p.arguments.some((a) => a.required)
const variablesOptional = (r: ResourceTemplateModel): boolean => r.variables.every((v) => v.optional)

export function promptSignature(prompt: PromptModel): MethodSignatureStructure {
  return {
    kind: StructureKind.MethodSignature,
    name: prompt.identifier,
    docs: [promptDoc(prompt)],
    parameters: [
      { name: 'args', type: prompt.argsType, hasQuestionToken: argsOptional(prompt) },
      { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
    ],
    returnType: 'Promise<GetPromptResult>',
  }
}

export function templateSignature(template: ResourceTemplateModel): MethodSignatureStructure {
  return {
    kind: StructureKind.MethodSignature,
    name: template.identifier,
    docs: [templateDoc(template)],
    parameters: [
      { name: 'variables', type: template.variablesType, hasQuestionToken: variablesOptional(template) },
      { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
    ],
    returnType: 'Promise<ReadResourceResult>',
  }
}

/** A prompt's argument type (string values) and its `get…Prompt` function. */
export function promptDecls(prompt: PromptModel): Decl[] {
  const properties: Property[] = prompt.arguments.map((a) => ({
    name: a.name,
    required: a.required,
    type: { kind: 'keyword', name: 'string' },
    doc: a.doc,
  }))
  const fn: FunctionDeclarationStructure = {
    kind: StructureKind.Function,
    name: prompt.identifier,
    isExported: true,
    docs: [promptDoc(prompt)],
    parameters: [
      { name: 'client', type: 'PromptGetter' },
      { name: 'args', type: prompt.argsType, hasQuestionToken: argsOptional(prompt) },
      { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
    ],
    returnType: 'Promise<GetPromptResult>',
    statements: [
      `return client.getPrompt({ name: ${stringLiteral(prompt.name)}, arguments: { ...args } }, options);`,
    ],
  }
  return [
    {
      module: 'types',
      statement: namedTypeStatement({
        name: prompt.argsType,
        type: { kind: 'object', properties },
        doc: { description: `Arguments of the \`${prompt.name}\` prompt.` },
      }),
      declares: { types: [prompt.argsType] },
      uses: {},
    },
    {
      module: 'prompts',
      statement: fn,
      declares: { values: [prompt.identifier] },
      uses: { types: ['PromptGetter', 'RequestOptions', 'GetPromptResult', prompt.argsType] },
    },
  ]
}

const TEMPLATE_VALUE: TypeNode = {
  kind: 'union',
  members: [
    { kind: 'keyword', name: 'string' },
    { kind: 'keyword', name: 'number' },
    { kind: 'keyword', name: 'boolean' },
  ],
}

/** A resource template's variable type and its `read…Resource` function. */
export function templateDecls(template: ResourceTemplateModel): Decl[] {
  const properties: Property[] = template.variables.map((v) => ({
    name: v.name,
    required: !v.optional,
    type: v.explode
      ? { kind: 'union', members: [TEMPLATE_VALUE, { kind: 'array', items: TEMPLATE_VALUE }] }
      : TEMPLATE_VALUE,
    doc: {},
  }))
  const fn: FunctionDeclarationStructure = {
    kind: StructureKind.Function,
    name: template.identifier,
    isExported: true,
    docs: [templateDoc(template)],
    parameters: [
      { name: 'client', type: 'ResourceReader' },
      { name: 'variables', type: template.variablesType, hasQuestionToken: variablesOptional(template) },
      { name: 'options', type: 'RequestOptions', hasQuestionToken: true },
    ],
    returnType: 'Promise<ReadResourceResult>',
    statements: [
      `return client.readResource({ uri: expandUriTemplate(${stringLiteral(template.uriTemplate)}, variables ?? {}) }, options);`,
    ],
  }
  return [
    {
      module: 'types',
      statement: namedTypeStatement({
        name: template.variablesType,
        type: { kind: 'object', properties },
        doc: { description: `Variables of the \`${template.uriTemplate}\` resource template.` },
      }),
      declares: { types: [template.variablesType] },
      uses: {},
    },
    {
      module: 'resources',
      statement: fn,
      declares: { values: [template.identifier] },
      uses: {
        values: ['expandUriTemplate'],
        types: ['ResourceReader', 'RequestOptions', 'ReadResourceResult', template.variablesType],
      },
    },
  ]
}
