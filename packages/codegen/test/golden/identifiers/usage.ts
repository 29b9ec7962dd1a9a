// Hand-written: names that would collide stay distinct, and the raw name is what goes on the wire.
import { _2faVerify, aB, aB_2, aB_3, aB_6, createClient, createClient_2, delete_, type ToolCaller, whoAmI } from './client.js'

declare const caller: ToolCaller

export async function usage(): Promise<void> {
  await aB(caller, { x: 'already camel' })
  await aB_2(caller, { x: 'a-b' })
  await aB_3(caller, { x: 'a.b' })
  await aB_6(caller, { x: 'a_b' })
  await delete_(caller, { id: '1' })
  await _2faVerify(caller, { code: '123456' })
  await createClient_2(caller)
  await whoAmI(caller)
  const client = createClient(caller)
  await client.delete_({ id: '2' })
  // @ts-expect-error delete needs an id
  await delete_(caller, {})
}
