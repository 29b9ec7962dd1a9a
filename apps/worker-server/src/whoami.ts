import type { AuthPrincipal } from '@edgemcp/auth'
import type { McpServer } from '@edgemcp/core'

/**
 * `whoami`: the caller as the server sees it, from `ctx.authInfo` (the principal `bearerAuth` verified in the
 * Worker, handed to tools wherever they run). Registered when OAuth is on.
 */
export function registerWhoami(server: McpServer): void {
  server.tool(
    'whoami',
    {
      title: 'Who am I?',
      description: 'The subject, issuer and scopes of the access token this request came with',
      annotations: { readOnlyHint: true },
      inputSchema: { type: 'object', properties: {} },
    },
    async (_args, ctx) => {
      const who = ctx.authInfo as AuthPrincipal | undefined
      if (who === undefined)
        return { content: [{ type: 'text', text: 'anonymous' }], structuredContent: { subject: null } }
      return {
        content: [{ type: 'text', text: who.subject }],
        structuredContent: { subject: who.subject, issuer: who.issuer ?? null, scopes: [...who.scopes] },
      }
    },
  )
}
