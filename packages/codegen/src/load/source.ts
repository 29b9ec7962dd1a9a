import type { ClientCapabilityName, Listing } from '../model/input.js'
import { loadFile } from './file.js'
import { loadRemote } from './remote.js'
import type { OAuthLoadOptions } from './oauth-login.js'

/** Where a tools/list comes from. */
export type ToolSource =
  | { kind: 'file'; path: string }
  | { kind: 'url'; url: string; headers?: Record<string, string> }
  | { kind: 'stdio'; command: string }

export interface LoadOptions {
  /** Also list prompts / resource templates. */
  prompts?: boolean
  resources?: boolean
  /** Progress lines for slow steps (connecting, paging). */
  progress?: (line: string) => void
  /** Per-request timeout for remote sources. */
  timeoutMs?: number
  /** Directory that relative file paths are resolved against (default: the process's). */
  cwd?: string
  /** Reads standard input (for the file source `-`). */
  readStdin?: () => Promise<string>
  /** OAuth for a URL source (absent: none, e.g. when an Authorization header is given). */
  oauth?: OAuthLoadOptions
  /**
   * The client capabilities to declare to a server (`--capabilities`); default all of them (elicitation,
   * roots, sampling), so that tools offered only to capable clients are listed too.
   */
  capabilities?: readonly ClientCapabilityName[]
}

/** A source that could not be read; the message is one line. */
export class LoadError extends Error {
  override readonly name = 'LoadError'
}

/** The name written into the generated header: no credentials, query strings or absolute paths of this machine. */
export function describeSource(source: ToolSource): string {
  switch (source.kind) {
    case 'file':
      return source.path === '-' ? 'standard input' : source.path.replace(/\\/g, '/')
    case 'url': {
      const url = new URL(source.url)
      return `${url.origin}${url.pathname}`
    }
    case 'stdio':
      return `stdio: ${source.command}`
  }
}

/** Loads the raw listing (validated) from a file, a server URL or a stdio server command. */
export async function loadTools(source: ToolSource, options: LoadOptions = {}): Promise<Listing> {
  if (source.kind === 'file') return loadFile(source.path, options)
  return loadRemote(source, options)
}
