// Hand-written: a GitHub-MCP-like server through the facade, gating destructive tools.
import { createClient, type GetIssueOutput, type ToolCaller, type ToolName, toolAnnotations } from './client.js'

declare const caller: ToolCaller

export async function usage(): Promise<void> {
  const github = createClient(caller)
  const issue: GetIssueOutput = await github.getIssue({ owner: 'o', repo: 'r', issue_number: 1 }, { unwrap: true })
  const login: string = issue.user.login
  const closed: string | null | undefined = issue.closed_at
  const page = await github.listIssues({ owner: 'o', repo: 'r', state: 'OPEN', perPage: 50 }, { unwrap: true })
  const cursor: string | null = page.pageInfo.endCursor
  const safe = (Object.keys(toolAnnotations) as ToolName[]).filter(
    (name) => !('destructiveHint' in toolAnnotations[name]),
  )
  await github.createPullRequestReview({
    owner: 'o',
    repo: 'r',
    pullNumber: 1,
    event: 'COMMENT',
    comments: [{ path: 'a.ts', body: 'x', position: null, line: 3, side: 'RIGHT', start_line: null, start_side: null }],
  })
  void [login, closed, cursor, safe]
  // @ts-expect-error state is OPEN or CLOSED
  await github.listIssues({ owner: 'o', repo: 'r', state: 'open' })
  // @ts-expect-error delete_file is closed (additionalProperties: false)
  await github.deleteFile({ owner: 'o', repo: 'r', path: 'p', message: 'm', branch: 'b', force: true })
}
