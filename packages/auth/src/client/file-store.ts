/// <reference types="node" />
import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import type { OAuthStore } from './store.js'

/**
 * An {@link OAuthStore} in one JSON file, for command-line tools on Node (Deno and Bun run it too): tokens and
 * registrations survive between runs. The file is created with mode 0600 in a 0700 directory (credentials:
 * readable by the user only) and replaced atomically on every write, so a crash never leaves half a file.
 * Writes of one store are serialized; separate processes writing at once keep the last write.
 */
export class FileOAuthStore implements OAuthStore {
  readonly path: string
  #writes: Promise<unknown> = Promise.resolve()

  constructor(path: string) {
    this.path = path
  }

  async get(key: string): Promise<string | undefined> {
    await this.#writes
    return (await this.#read())[key]
  }

  set(key: string, value: string): Promise<void> {
    return this.#update((all) => {
      all[key] = value
    })
  }

  delete(key: string): Promise<void> {
    return this.#update((all) => {
      delete all[key]
    })
  }

  async #read(): Promise<Record<string, string>> {
    let text: string
    try {
      text = await readFile(this.path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw error
    }
    try {
      const value: unknown = JSON.parse(text)
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {}
      return Object.fromEntries(
        Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
      )
    } catch {
      return {} // a corrupt file is replaced by the next write
    }
  }

  #update(change: (all: Record<string, string>) => void): Promise<void> {
    const run = this.#writes.then(async () => {
      const all = await this.#read()
      change(all)
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 })
      const temp = `${this.path}.${randomBytes(6).toString('hex')}.tmp`
      await writeFile(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 })
      await chmod(temp, 0o600) // in case the umask widened the mode
      await rename(temp, this.path)
    })
    this.#writes = run.catch(() => {})
    return run
  }
}

/**
 * Where a command-line tool keeps its OAuth file: `$XDG_CONFIG_HOME/<app>/oauth.json`, else
 * `~/.config/<app>/oauth.json` (`%APPDATA%\<app>\oauth.json` on Windows).
 */
export function defaultOAuthFilePath(app = 'edgemcp'): string {
  const base =
    process.env.XDG_CONFIG_HOME ||
    (process.platform === 'win32' && process.env.APPDATA) ||
    join(homedir(), '.config')
  return join(base, app, 'oauth.json')
}
