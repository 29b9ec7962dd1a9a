// Hand-written: what the generated code says of MCP Apps' tools. Type-checked with every golden output;
// every expected error below must stay an error.
import { appOnlyTools, boardAddNote, type ToolCaller, type ToolName, toolApps } from './client.js'

declare const caller: ToolCaller
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const expectType = <T extends true>(): void => {}

export async function usage(): Promise<void> {
  // Each app tool's resource and visibility, as literal types; tools without an app are not in it.
  expectType<Equal<typeof toolApps.board_add_note.resourceUri, 'ui://notes/board'>>()
  expectType<Equal<typeof toolApps.board_add_note.visibility, readonly ['app']>>()
  expectType<Equal<typeof toolApps.show_board.visibility, readonly ['model', 'app']>>()
  expectType<Equal<typeof toolApps.legacy_view.resourceUri, 'ui://legacy/view'>>()
  // @ts-expect-error: a _meta.ui that breaks the rules makes no app
  void toolApps.not_an_app
  // The app-only tools, e.g. to keep them from a model's tool list.
  expectType<Equal<typeof appOnlyTools, readonly ['board_add_note']>>()
  const forModel = (['show_board', 'board_add_note'] as ToolName[]).filter(
    (t) => !(appOnlyTools as readonly string[]).includes(t),
  )
  void forModel
  // An app-only tool is still an ordinary function for the app's own code.
  await boardAddNote(caller, { title: 'from the app' })
}
