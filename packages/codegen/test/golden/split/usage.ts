// Hand-written: split output is used through its index, or one tool module at a time.
import { createClient, type ToolCaller, type User } from './client/index.js'
import { getUser } from './client/tools/get-user.js'
import type { PromptGetter, ResourceReader } from './client/runtime.js'

declare const caller: ToolCaller & PromptGetter & ResourceReader

export async function usage(): Promise<void> {
  const user: User = (await getUser(caller, { id: '1' }, { unwrap: true })).user
  const client = createClient(caller)
  await client.treeWalk({ and: [{ and: [] }] })
  await client.getHelloPrompt({ who: 'world' })
  await client.readUserResource({ id: 7 })
  void user.manager?.manager?.id
  // @ts-expect-error who is required
  await client.getHelloPrompt({})
}
