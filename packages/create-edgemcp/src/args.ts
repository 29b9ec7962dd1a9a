import { parseArgs } from 'node:util'

export interface CliArgs {
  dir: string | undefined
  template: string | undefined
  /** undefined: ask (in a terminal) or yes. */
  install: boolean | undefined
  yes: boolean
  help: boolean
}

export class UsageError extends Error {}

/** `[dir] [--template <name>] [--no-install] [--yes] [--help]`. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) throw new UsageError(`one directory only, got: ${positionals.join(' ')}`)
  if (values.install === true && values['no-install'] === true)
    throw new UsageError('--install and --no-install contradict each other')
  return {
    dir: positionals[0],
    template: values.template,
    install: values['no-install'] === true ? false : values.install === true ? true : undefined,
    yes: values.yes === true,
    help: values.help === true,
  }
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      template: { type: 'string', short: 't' },
      install: { type: 'boolean' },
      'no-install': { type: 'boolean' },
      yes: { type: 'boolean', short: 'y' },
      help: { type: 'boolean', short: 'h' },
    },
  })
}
