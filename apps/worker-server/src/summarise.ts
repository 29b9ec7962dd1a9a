import type { McpServer, RequestContext } from '@edgemcp/core'
import type { Note } from './notes-object.js'

const text = (t: string) => ({ type: 'text' as const, text: t })

/** How a note reads in a summary: a bullet, or a short paragraph. */
const summaryOf = (note: Note, format: 'bullets' | 'paragraphs') => {
  const firstLine = note.body.split('\n', 1)[0] ?? ''
  return format === 'bullets' ? `- ${note.title}: ${firstLine}` : `${note.title}. ${firstLine}`
}

/**
 * `summarise_notes`: walks the most recent notes slowly, reporting progress, after asking which format to write. A task
 * (SEP-2663) for clients that take the tasks extension (`asTask`): the call answers at once, the run goes on in
 * the task Durable Object (`McpTaskObject`), and the client polls it, answers its question with
 * `tasks/update` and may stop it with `tasks/cancel` (`ctx.signal`). An ordinary call for the others.
 */
export function registerSummarise(
  server: McpServer,
  options: { asTask: boolean; recent: (ctx: RequestContext) => Promise<Note[]> },
): void {
  server.tool(
    'summarise_notes',
    {
      title: 'Summarise all notes (slowly)',
      description:
        'Reads the 20 most recent notes, one per `delayMs`, reporting progress, and returns a summary in the format the user ' +
        'picks (asked first when the client can ask). Runs as a task for clients that take tasks; cancellable.',
      annotations: { readOnlyHint: true },
      inputSchema: {
        type: 'object',
        properties: {
          delayMs: {
            type: 'integer',
            minimum: 0,
            maximum: 5000,
            default: 500,
            description: 'Milliseconds per note',
          },
        },
      },
      ...(options.asTask ? { task: 'optional' as const } : {}),
    },
    async ({ delayMs = 500 }, ctx) => {
      const answer =
        ctx.clientCapabilities.elicitation === undefined
          ? undefined
          : await ctx.elicit(
              {
                message: 'Summarise the notes as bullets or as paragraphs?',
                requestedSchema: {
                  type: 'object',
                  properties: {
                    format: { type: 'string', enum: ['bullets', 'paragraphs'], title: 'Format' },
                  },
                  required: ['format'],
                },
              },
              { key: 'summary_format' },
            )
      if (answer !== undefined && answer.action !== 'accept') return { content: [text('Not summarised')] }
      const format = answer?.content?.format === 'paragraphs' ? 'paragraphs' : 'bullets'
      const notes = await options.recent(ctx)
      const lines: string[] = []
      for (const [i, note] of notes.entries()) {
        ctx.signal.throwIfAborted() // tasks/cancel, or the client went away
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        lines.push(summaryOf(note, format))
        await ctx.progress(i + 1, notes.length, `read ${note.title}`)
      }
      return { content: [text(lines.length === 0 ? 'No notes yet' : lines.join('\n'))] }
    },
  )
}
