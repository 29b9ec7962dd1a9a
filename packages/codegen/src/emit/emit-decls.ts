import type { CodegenModel } from '../model/build-model.js'
import { connectDecls } from './connect.js'
import { referencedNames } from '../model/type-node.js'
import { namedTypeStatement } from './declarations.js'
import type { Decl } from './decl.js'
import { promptDecls, templateDecls } from './extras.js'
import { facadeDecls, toolTypeDecls } from './facade.js'
import { runtimeDecls } from './runtime.js'
import { toolDecls } from './tools.js'

/** Every declaration of the generated client, in output order. */
export function emitDecls(model: CodegenModel): Decl[] {
  return [
    ...runtimeDecls(model),
    ...toolTypeDecls(model),
    ...model.definitions.map(
      (named): Decl => ({
        module: 'types',
        statement: namedTypeStatement(named),
        declares: { types: [named.name] },
        uses: { types: [...referencedNames(named.type)] },
      }),
    ),
    ...model.tools.flatMap((tool) => toolDecls(tool, model.validate)),
    ...(model.prompts ?? []).flatMap(promptDecls),
    ...(model.resourceTemplates ?? []).flatMap(templateDecls),
    ...facadeDecls(model),
    ...connectDecls(model),
  ]
}
