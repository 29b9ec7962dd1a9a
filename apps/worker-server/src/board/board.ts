import type { McpServer, RequestContext } from '@edgemcp/core'
import { clientSupportsApps, registerAppResource, registerAppTool } from '@edgemcp/core/apps'
import { MAX_TITLE_LENGTH, type NoteSummary, type Refusal } from '../notes-object.js'
// The View, bundled into the Worker as a string (a Text module): served from the same Worker, no asset binding.
import html from './notes-board.html'

/** The board's View (MCP Apps, SEP-1865): what `show_notes_board` names in `_meta.ui.resourceUri`. */
export const BOARD_URI = 'ui://notes/board'

/** What the board tools need of the notes store (the caller's store: see `notesOwner`). */
export interface BoardNotes {
  list(ctx: RequestContext): Promise<NoteSummary[]>
  add(ctx: RequestContext, title: string, body: string): Promise<{ id: number } | Refusal>
  remove(ctx: RequestContext, id: number): Promise<boolean>
  /** Tells listeners the notes changed (resources list, subscriptions). */
  changed(ctx: RequestContext, id: number): Promise<void>
}

const text = (t: string) => ({ type: 'text' as const, text: t })
const listing = (notes: NoteSummary[]) =>
  notes.length === 0 ? 'No notes.' : notes.map((n) => `- note://${n.id} ${n.title}`).join('\n')
const boardSchema = {
  type: 'object',
  properties: {
    notes: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' }, title: { type: 'string' } },
        required: ['id', 'title'],
      },
    },
  },
  required: ['notes'],
} as const
/** Every board tool answers with the notes as they now are: text for the model, `notes` for the View. */
const board = (notes: NoteSummary[], before = '') => ({
  content: [text(`${before}${listing(notes)}`)],
  structuredContent: { notes: notes.map(({ id, title }) => ({ id, title })) },
})

/**
 * The notes board, an MCP App: `show_notes_board` (for the model; hosts that render apps show the board, the
 * others get the list as text) and the tools only the board calls (`visibility: ['app']`): list, add, delete.
 * App-only tools are still listed to every client (hosts hide them from their model): each is safe to call as
 * any tool is (delete needs `confirm: true`, which the board sends when its Delete button is pressed).
 */
export function registerNotesBoard(server: McpServer, notes: BoardNotes): void {
  registerAppResource(server, {
    uri: BOARD_URI,
    name: 'notes_board',
    title: 'Notes board',
    description: 'An interactive board of your notes: add and delete them.',
    html,
    ui: { prefersBorder: true },
  })
  const ui = { resourceUri: BOARD_URI, visibility: ['app' as const] }

  registerAppTool(
    server,
    'show_notes_board',
    {
      title: 'Show the notes board',
      description:
        'Shows your notes on an interactive board (hosts that render MCP Apps); lists them as text.',
      annotations: { readOnlyHint: true },
      outputSchema: boardSchema,
      ui: { resourceUri: BOARD_URI },
    },
    async (_args, ctx) => {
      const found = await notes.list(ctx)
      return clientSupportsApps(ctx)
        ? board(found, 'Your notes are on the board:\n')
        : board(found, 'Your notes (this client does not show apps; add_note and delete_note change them):\n')
    },
  )

  registerAppTool(
    server,
    'board_list_notes',
    {
      title: 'List the notes (board)',
      description: 'The notes board loads its notes with this tool.',
      annotations: { readOnlyHint: true },
      outputSchema: boardSchema,
      ui,
    },
    async (_args, ctx) => board(await notes.list(ctx)),
  )

  registerAppTool(
    server,
    'board_add_note',
    {
      title: 'Add a note (board)',
      description: 'The notes board adds a note with this tool; answers with the notes.',
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: MAX_TITLE_LENGTH },
          body: { type: 'string', maxLength: 2000 },
        },
        required: ['title'],
      },
      outputSchema: boardSchema,
      ui,
    },
    async ({ title, body = '' }, ctx) => {
      const note = await notes.add(ctx, title, body)
      if ('refused' in note) return { content: [text(`Not added: ${note.refused}`)], isError: true }
      await notes.changed(ctx, note.id)
      return board(await notes.list(ctx), `Added note://${note.id}\n`)
    },
  )

  registerAppTool(
    server,
    'board_delete_note',
    {
      title: 'Delete a note (board)',
      description: 'The notes board deletes a note with this tool when its Delete button is pressed.',
      annotations: { destructiveHint: true },
      inputSchema: {
        type: 'object',
        properties: {
          id: { type: 'integer', minimum: 1 },
          confirm: { type: 'boolean', const: true, description: 'The user pressed Delete' },
        },
        required: ['id', 'confirm'],
      },
      outputSchema: boardSchema,
      ui,
    },
    async ({ id }, ctx) => {
      const removed = await notes.remove(ctx, id)
      if (removed) await notes.changed(ctx, id)
      return board(await notes.list(ctx), removed ? `Deleted note://${id}\n` : `No note note://${id}\n`)
    },
  )
}
