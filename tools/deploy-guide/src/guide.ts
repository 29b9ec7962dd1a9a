import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeBlocks } from '@edgemcp/tools-pack-check/readme-blocks'

export { documentedOutput } from '@edgemcp/tools-pack-check/readme-blocks'
import { repoRoot } from '@edgemcp/tools-pack-check/packages'

/** The guide this workspace follows, relative to the repository root. */
export const GUIDE = 'docs/guides/deploy-to-cloudflare-workers.md'

/**
 * One thing the guide tells its reader to do, in the order it says so:
 * - `write`: a file, from a code block whose first line is a comment naming it (`// src/index.ts`);
 * - `cd`;
 * - `install`: `npm i [-D] …` naming @edgemcp packages, installed from the packed tarballs, not the registry;
 * - `dev`: `npx wrangler dev`, started through tools/wrangler-dev on a free port instead of 8787;
 * - `account`: needs a Cloudflare account (`wrangler login`, `wrangler secret put`), not run here;
 * - `deploy`: `npx wrangler deploy`, run as `--dry-run` (a bundle, no upload);
 * - `run`: anything else, run as written in bash.
 */
export type Step = { line: number } & (
  | { kind: 'write'; path: string; content: string }
  | { kind: 'cd'; dir: string }
  | { kind: 'install'; dev: boolean; packages: string[] }
  | { kind: 'dev' }
  | { kind: 'account'; command: string }
  | { kind: 'deploy' }
  | { kind: 'run'; command: string }
)

const SHELL = new Set(['sh', 'bash', 'shell'])

/** The commands of one shell line: `a  # comment` → `a`. */
function classify(command: string, line: number): Step {
  const words = command.split(/\s+/)
  if (words[0] === 'cd' && words.length === 2) return { kind: 'cd', dir: words[1]!, line }
  if (words[0] === 'npm' && (words[1] === 'i' || words[1] === 'install')) {
    const rest = words.slice(2)
    const packages = rest.filter((w) => !w.startsWith('-'))
    if (packages.some((p) => p.startsWith('@edgemcp/'))) {
      const unknown = packages.filter((p) => !p.startsWith('@edgemcp/'))
      if (unknown.length > 0)
        throw new Error(`${GUIDE}:${line}: mixes @edgemcp and other packages: ${command}`)
      return { kind: 'install', dev: rest.includes('-D'), packages, line }
    }
  }
  if (/^npx wrangler dev$/.test(command)) return { kind: 'dev', line }
  if (/^npx wrangler (login|secret put)\b/.test(command)) return { kind: 'account', command, line }
  if (/^npx wrangler deploy$/.test(command)) return { kind: 'deploy', line }
  return { kind: 'run', command, line }
}

/**
 * The steps of a guide in the order it gives them: every shell block's lines (blank lines and comments
 * dropped), and every other code block that names its file on its first line (`// path`). A code block that
 * is neither (an example to read, not a step) is skipped.
 */
export function guideSteps(markdown = readFileSync(join(repoRoot, GUIDE), 'utf8')): Step[] {
  const steps: Step[] = []
  for (const block of codeBlocks(markdown, GUIDE)) {
    if (SHELL.has(block.lang)) {
      block.code.split('\n').forEach((raw, i) => {
        const command = raw.replace(/\s+#\s.*$/, '').trim()
        if (command !== '' && !command.startsWith('#')) steps.push(classify(command, block.line + i))
      })
      continue
    }
    const named = /^\/\/ ([\w./-]+\.\w+)$/.exec(block.code.split('\n')[0] ?? '')
    if (named) steps.push({ kind: 'write', path: named[1]!, content: `${block.code}\n`, line: block.line })
  }
  return steps
}
