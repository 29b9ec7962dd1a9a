import {
  ErrorCode,
  invalidParams,
  isModernVersion,
  McpServer,
  type RequestContext,
  ResourceNotFoundError,
} from '@edgemcp/core'
import { taskExtension } from '@edgemcp/core/tasks'
import { type DurableTasks, notifyListChanged } from '@edgemcp/workers'
import { authSettings } from './auth.js'
import { calculate } from './calculator.js'
import type { Env } from './env.js'
import {
  MAX_BODY_LENGTH,
  MAX_TITLE_LENGTH,
  type Note,
  type NoteSummary,
  type Refusal,
} from './notes-object.js'
import { registerNotesBoard } from './board/board.js'
import { registerSummarise } from './summarise.js'
import { registerWhoami } from './whoami.js'

const text = (t: string) => ({ type: 'text' as const, text: t })
const noteUri = (id: number) => `note://${id}`
const asMarkdown = (n: Note) => `# ${n.title}\n\n${n.body}\n`
const describeNotes = (notes: NoteSummary[]) =>
  notes.length === 0 ? 'No notes.' : notes.map((n) => `- ${noteUri(n.id)} ${n.title}`).join('\n')
const isRefusal = (r: object): r is Refusal => 'refused' in r

/**
 * The id a `note://{id}` names, only in its one canonical spelling (digits, no leading zero): `note://0x1`,
 * `note://1e0` or `note://01` name no note, so one note has one URI (subscriptions and caches key on it).
 */
export function noteIdOf(id: unknown): number | undefined {
  return typeof id === 'string' && /^[1-9][0-9]{0,14}$/.test(id) ? Number(id) : undefined
}

/**
 * Whose notes a request sees: with OAuth on, each principal (`issuer|subject` of the verified token in
 * `ctx.authInfo`) has a store of its own; without it, everyone shares `default`.
 */
export function notesOwner(ctx: Pick<RequestContext, 'authInfo'>): string {
  const who = ctx.authInfo as { subject?: unknown; issuer?: unknown } | undefined
  return typeof who?.subject === 'string'
    ? `principal:${typeof who.issuer === 'string' ? who.issuer : ''}|${who.subject}`
    : 'default'
}

const idSchema = { type: 'integer', minimum: 1, description: 'The note id (the N of note://N)' } as const
const noteRef = {
  type: 'object',
  properties: { id: { type: 'integer' }, uri: { type: 'string' } },
  required: ['id', 'uri'],
} as const

/**
 * Whether `ctx`'s client can be asked a question: it declared elicitation, in a revision that has it (2025-06-18
 * on; 2026-07-28 asks through MRTR). Clients that cannot (many CLIs and SDK defaults) confirm with an argument.
 */
const canAsk = (ctx: RequestContext) =>
  ctx.clientCapabilities.elicitation !== undefined &&
  (ctx.era === 'modern' || ctx.protocolVersion >= '2025-06-18')

/**
 * "No such note" for `resources/read`: -32002 up to 2025-11-25, -32602 (with the uri in `data`) in 2026-07-28
 * (SEP-2164), never an empty `contents`.
 */
const noSuchNote = (uri: string, ctx: RequestContext) =>
  new ResourceNotFoundError(
    uri,
    isModernVersion(ctx.protocolVersion) ? ErrorCode.InvalidParams : ErrorCode.ResourceNotFound,
  )

/**
 * The sample server: a notes store in Durable Object SQLite (tools, a `note://{id}` resource template with
 * subscriptions, prompts), a long task reporting progress, and a calculator. The same server runs in the
 * Worker (2026-07-28 clients) and in each legacy session's Durable Object.
 */
export function createNotesServer(
  env: Env,
  { mrtrSecret, tasks }: { mrtrSecret?: string | undefined; tasks: DurableTasks },
): McpServer {
  const server = new McpServer(
    { name: 'edgemcp-notes', title: 'Notes on Cloudflare Workers', version: '0.1.0' },
    {
      instructions:
        'Keep short notes: add, search, append, delete (asks first). Notes are resources note://{id}.',
      mrtrSecret,
      // Tasks are kept and run in McpTaskObject (wrangler.jsonc binds it as MCP_TASKS).
      tasks: taskExtension({ ...tasks, ttlMs: 60 * 60_000 }),
    },
  )
  const notes = (ctx: Pick<RequestContext, 'authInfo'>) =>
    env.NOTES.get(env.NOTES.idFromName(notesOwner(ctx)))

  server.tool(
    'add_note',
    {
      title: 'Add a note',
      description: 'Saves a new note and returns its id and URI (note://{id}, readable as a resource).',
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 1, maxLength: MAX_TITLE_LENGTH, description: 'A short title' },
          body: {
            type: 'string',
            maxLength: MAX_BODY_LENGTH,
            description: 'The text of the note (Markdown)',
          },
        },
        required: ['title', 'body'],
      },
      outputSchema: noteRef,
    },
    async ({ title, body }, ctx) => {
      const note = await notes(ctx).add(title, body)
      if (isRefusal(note)) return { content: [text(`Not added: ${note.refused}`)], isError: true }
      await notifyListChanged(env, 'resources')
      return {
        content: [text(`Added ${noteUri(note.id)}`)],
        structuredContent: { id: note.id, uri: noteUri(note.id) },
      }
    },
  )

  server.tool(
    'search_notes',
    {
      title: 'Search notes',
      description:
        'Finds notes whose title or body contains the query (case-insensitive); lists id, URI, title.',
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: {
          query: {
            type: 'string',
            maxLength: MAX_TITLE_LENGTH,
            description: 'Text to find in titles and bodies',
          },
        },
        required: ['query'],
      },
      outputSchema: {
        type: 'object',
        properties: {
          notes: {
            type: 'array',
            items: { ...noteRef, properties: { ...noteRef.properties, title: { type: 'string' } } },
          },
        },
        required: ['notes'],
      },
    },
    async ({ query }, ctx) => {
      const found = await notes(ctx).search(query)
      return {
        content: [text(describeNotes(found))],
        structuredContent: { notes: found.map((n) => ({ id: n.id, uri: noteUri(n.id), title: n.title })) },
      }
    },
  )

  server.tool(
    'append_to_note',
    {
      title: 'Append to a note',
      description: 'Adds a line of text at the end of an existing note.',
      inputSchema: {
        type: 'object',
        properties: {
          id: idSchema,
          text: { type: 'string', maxLength: MAX_BODY_LENGTH, description: 'The text to add' },
        },
        required: ['id', 'text'],
      },
    },
    async ({ id, text: more }, ctx) => {
      const note = await notes(ctx).append(id, more)
      if (!note) return { content: [text(`No note ${noteUri(id)}`)], isError: true }
      if (isRefusal(note)) return { content: [text(`Not appended: ${note.refused}`)], isError: true }
      await server.notifyResourceUpdated(noteUri(note.id))
      return { content: [text(`Updated ${noteUri(note.id)}`)] }
    },
  )

  server.tool(
    'delete_note',
    {
      title: 'Delete a note (asks for confirmation)',
      description:
        'Deletes a note for good. Asks the user to confirm when the client can show a question; a client ' +
        'that cannot confirms with `confirm: true`.',
      annotations: { destructiveHint: true },
      inputSchema: {
        type: 'object',
        properties: {
          id: idSchema,
          confirm: {
            type: 'boolean',
            description:
              'The user already agreed to delete it: do not ask (needed by clients that cannot ask)',
          },
        },
        required: ['id'],
      },
    },
    async ({ id, confirm }, ctx) => {
      const note = await notes(ctx).get(id)
      if (!note) return { content: [text(`No note ${noteUri(id)}`)], isError: true }
      if (confirm !== true && !canAsk(ctx))
        return {
          content: [
            text(
              `Not deleted: this client cannot ask for confirmation. Call delete_note again with confirm: true ` +
                `to delete ${noteUri(note.id)} ("${note.title}").`,
            ),
          ],
          isError: true,
        }
      const answer =
        confirm === true
          ? ({ action: 'accept', content: { confirm: true } } as const)
          : await ctx.elicit(
              {
                message: `Delete "${note.title}" (${noteUri(note.id)})?`,
                requestedSchema: {
                  type: 'object',
                  properties: { confirm: { type: 'boolean', title: 'Delete it' } },
                  required: ['confirm'],
                },
              },
              { key: 'confirm_delete' },
            )
      if (answer.action !== 'accept' || answer.content?.confirm !== true)
        return { content: [text(`Kept ${noteUri(note.id)}`)] }
      await notes(ctx).remove(note.id)
      await server.notifyResourceUpdated(noteUri(note.id))
      await notifyListChanged(env, 'resources')
      return { content: [text(`Deleted ${noteUri(note.id)}`)] }
    },
  )

  server.tool(
    'long_task',
    {
      title: 'A long task that reports progress',
      description:
        'Waits `steps` times `delayMs` milliseconds, reporting progress after each step; cancellable.',
      inputSchema: {
        type: 'object',
        properties: {
          steps: { type: 'integer', minimum: 1, maximum: 20, default: 5, description: 'How many steps' },
          delayMs: {
            type: 'integer',
            minimum: 0,
            maximum: 5000,
            default: 200,
            description: 'Milliseconds per step',
          },
        },
      },
    },
    async ({ steps = 5, delayMs = 200 }, ctx) => {
      const total = steps
      for (let step = 1; step <= total; step++) {
        if (ctx.signal.aborted) return { content: [text(`Cancelled after ${step - 1} steps`)], isError: true }
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        await ctx.progress(step, total, `step ${step} of ${total}`)
      }
      return { content: [text(`Done: ${total} steps`)] }
    },
  )

  registerSummarise(server, {
    // With OAuth on, a task's run in the task object does not have the caller's authInfo, which says whose
    // notes to read: there the tool runs as an ordinary call, in the caller's request.
    asTask: authSettings(env) === undefined && env.OAUTH_SERVER !== 'on',
    recent: (ctx) => notes(ctx).recent(),
  })

  server.tool(
    'calculate',
    {
      title: 'Calculator',
      description:
        'Evaluates an arithmetic expression: + - * / % ^, parentheses, and functions such as sqrt, abs, min, max.',
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: {
          expression: { type: 'string', maxLength: 1000, description: 'e.g. (2 + 3) * sqrt(16)' },
        },
        required: ['expression'],
      },
      outputSchema: { type: 'object', properties: { value: { type: 'number' } }, required: ['value'] },
    },
    ({ expression }) => {
      try {
        const value = calculate(expression)
        return { content: [text(String(value))], structuredContent: { value } }
      } catch (e) {
        return { content: [text(`Cannot calculate: ${(e as Error).message}`)], isError: true }
      }
    },
  )

  server.resourceTemplate(
    'note://{id}',
    {
      name: 'note',
      title: 'A note',
      description: 'One note as Markdown: its title as a heading, then its body.',
      mimeType: 'text/markdown',
      list: async (ctx) =>
        (await notes(ctx).list()).map((n) => ({
          uri: noteUri(n.id),
          name: n.title,
          mimeType: 'text/markdown',
        })),
      complete: {
        id: async (value, _context, ctx) =>
          (await notes(ctx).list()).map((n) => String(n.id)).filter((id) => id.startsWith(value)),
      },
    },
    async (uri, { id }, ctx) => {
      // (The template matcher decodes `%31` to `1`: only the canonical spelling of the whole URI names a note.)
      const n = noteIdOf(id)
      const note = n === undefined || uri !== noteUri(n) ? undefined : await notes(ctx).get(n)
      if (!note) throw noSuchNote(uri, ctx)
      return { contents: [{ uri, mimeType: 'text/markdown', text: asMarkdown(note) }] }
    },
  )

  server.prompt(
    'summarize_notes',
    {
      title: 'Summarize my notes',
      description: 'Asks the model for a few bullets on the recent notes, or on those about a topic.',
      arguments: [{ name: 'topic', description: 'Only notes about this', required: false }],
    },
    async ({ topic }, ctx) => {
      if (topic !== undefined && topic.length > MAX_TITLE_LENGTH)
        throw invalidParams(`must be at most ${MAX_TITLE_LENGTH} characters`, 'arguments.topic')
      const found = topic ? await notes(ctx).search(topic) : await notes(ctx).recent()
      return {
        description: 'Summarize notes',
        messages: [
          {
            role: 'user',
            content: text(`Summarize these notes${topic ? ` about ${topic}` : ''} in a few bullets.`),
          },
          ...found.map((n) => ({
            role: 'user' as const,
            content: {
              type: 'resource' as const,
              resource: { uri: noteUri(n.id), mimeType: 'text/markdown', text: asMarkdown(n) },
            },
          })),
        ],
      }
    },
  )

  server.prompt(
    'draft_note',
    {
      title: 'Draft a note',
      description: 'Asks the model to draft a short note on a subject and save it with add_note.',
      arguments: [{ name: 'subject', description: 'What the note is about', required: true }],
      complete: {
        subject: (value) => ['meeting', 'idea', 'todo', 'journal'].filter((s) => s.startsWith(value)),
      },
    },
    ({ subject }) => ({
      messages: [
        {
          role: 'user',
          content: text(`Draft a short note about ${subject}, then save it with the add_note tool.`),
        },
      ],
    }),
  )

  // An MCP App (SEP-1865): the notes board, rendered by hosts that show apps (ui://notes/board).
  registerNotesBoard(server, {
    list: (ctx) => notes(ctx).list(),
    add: (ctx, title, body) => notes(ctx).add(title, body),
    remove: (ctx, id) => notes(ctx).remove(id),
    changed: async (_ctx, id) => {
      await server.notifyResourceUpdated(noteUri(id))
      await notifyListChanged(env, 'resources')
    },
  })

  // With OAuth on (AUTH_ISSUER set, or the Worker its own authorization server), tools see the verified caller.
  const on = (v: string | undefined) => typeof v === 'string' && v.trim() !== ''
  if (on(env.AUTH_ISSUER) || on(env.OAUTH_SERVER)) registerWhoami(server)

  return server
}
