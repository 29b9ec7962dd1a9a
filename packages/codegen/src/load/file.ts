import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { InputError, type Listing, parseListing } from '../model/input.js'
import { LoadError, type LoadOptions } from './source.js'

/** Reads a JSON file (or standard input for `-`) holding a tools/list in any accepted shape. */
export async function loadFile(path: string, options: LoadOptions = {}): Promise<Listing> {
  const name = path === '-' ? 'standard input' : path
  let text: string
  try {
    text =
      path === '-'
        ? await (options.readStdin ?? readStdin)()
        : await readFile(resolve(options.cwd ?? process.cwd(), path), 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new LoadError(
      `cannot read ${name}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new LoadError(`${name} is not valid JSON: ${(error as Error).message}`)
  }
  try {
    return parseListing(value)
  } catch (error) {
    if (error instanceof InputError) throw new LoadError(`${name}: ${error.message}`)
    throw error
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
