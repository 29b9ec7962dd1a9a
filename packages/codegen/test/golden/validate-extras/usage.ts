// Hand-written: prompts and resource templates are typed too; validation errors are typed.
import {
  add,
  getCodeReviewPrompt,
  getGreetingPrompt,
  type PromptGetter,
  readRepoFileResource,
  readSearchResource,
  type ResourceReader,
  type ToolCaller,
  ToolValidationError,
} from './client.js'

declare const caller: ToolCaller & PromptGetter & ResourceReader

export async function usage(): Promise<void> {
  await getCodeReviewPrompt(caller, { code: 'x' })
  await getGreetingPrompt(caller)
  await readRepoFileResource(caller, { owner: 'o', repo: 'r', path: ['src', 'a.ts'], ref: 'main' })
  await readSearchResource(caller)
  try {
    await add(caller, { a: 1, b: 2 })
  } catch (error) {
    if (error instanceof ToolValidationError) void error.errors.map((e) => e.instanceLocation)
  }
  // @ts-expect-error code is a required prompt argument
  await getCodeReviewPrompt(caller, { language: 'ts' })
  // @ts-expect-error owner and repo are path variables
  await readRepoFileResource(caller, { path: 'a' })
}
