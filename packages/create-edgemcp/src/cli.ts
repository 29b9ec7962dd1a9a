import { relative, resolve } from 'node:path'
import * as p from '@clack/prompts'
import { parseCliArgs, UsageError } from './args.js'
import { install } from './install.js'
import { installCommand, packageManager, runCommand } from './package-manager.js'
import { ourVersions, scaffold, targetProblem } from './scaffold.js'
import { isTemplate, TEMPLATES, type TemplateName } from './templates.js'

/** Exit codes: documented in the README. */
export const EXIT = { ok: 0, installFailed: 1, usage: 2, target: 3, cancelled: 130 } as const

const HELP = `Usage: npm create edgemcp@latest [dir] -- [--template <name>] [--no-install] [--yes]

Creates an MCP server project in <dir> (default: my-mcp-server).

  -t, --template <name>  ${TEMPLATES.map((t) => t.name).join(', ')}
      --no-install       write the files only; install later
      --install          install without asking
  -y, --yes              no questions: defaults for everything not given (template worker, install)
  -h, --help             this text

Templates:
${TEMPLATES.map((t) => `  ${t.name.padEnd(14)} ${t.hint}`).join('\n')}
`

const fail = (message: string, code: number): number => {
  process.stderr.write(`create-edgemcp: ${message}\n`)
  return code
}

/** Runs the CLI; resolves with the exit code. Prompts only when stdin and stdout are a terminal. */
export async function main(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseCliArgs>
  try {
    args = parseCliArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) return fail(`${error.message}\n\n${HELP}`, EXIT.usage)
    throw error
  }
  if (args.help) {
    process.stdout.write(HELP)
    return EXIT.ok
  }
  if (args.template !== undefined && !isTemplate(args.template))
    return fail(
      `unknown template "${args.template}": choose one of ${TEMPLATES.map((t) => t.name).join(', ')}`,
      EXIT.usage,
    )
  const interactive = !args.yes && process.stdin.isTTY === true && process.stdout.isTTY === true
  if (interactive) p.intro('create-edgemcp')

  let dir = args.dir
  if (dir === undefined && interactive) {
    const answer = await p.text({
      message: 'Where should the project go?',
      placeholder: 'my-mcp-server',
      defaultValue: 'my-mcp-server',
      validate: (value) => targetProblem(resolve(value || 'my-mcp-server')),
    })
    if (p.isCancel(answer)) return cancelled()
    dir = answer
  }
  dir ??= 'my-mcp-server'
  const target = resolve(dir)
  const problem = targetProblem(target)
  if (problem !== undefined) return fail(problem, EXIT.target)

  let template = args.template as TemplateName | undefined
  if (template === undefined && interactive) {
    const answer = await p.select<TemplateName>({
      message: 'Which template?',
      options: TEMPLATES.map((t) => ({ value: t.name, label: t.name, hint: t.hint })),
    })
    if (p.isCancel(answer)) return cancelled()
    template = answer
  }
  template ??= 'worker'

  let doInstall = args.install
  if (doInstall === undefined && interactive) {
    const answer = await p.confirm({ message: 'Install dependencies now?', initialValue: true })
    if (p.isCancel(answer)) return cancelled()
    doInstall = answer
  }
  doInstall ??= true

  scaffold({ dir: target, template, versions: ourVersions(), nodeVersion: process.version })
  const pm = packageManager(process.env.npm_config_user_agent)
  const shown = relative(process.cwd(), target) || '.'
  say(interactive, `Created a ${template} project in ${shown}`)

  let installed = false
  if (doInstall) {
    const spin = interactive ? p.spinner() : undefined
    if (spin) spin.start(`Installing dependencies (${installCommand(pm)})`)
    else process.stdout.write(`Installing dependencies (${installCommand(pm)}) …\n`)
    const result = await install(pm, target)
    if (!result.ok) {
      spin?.error('Install failed')
      process.stderr.write(`${result.output}\n\n`)
      return fail(
        `the install failed (no network? see above). The project is in ${shown}; finish with:\n  cd ${shown}\n  ${installCommand(pm)}`,
        EXIT.installFailed,
      )
    }
    spin?.stop('Dependencies installed')
    installed = true
  }

  const steps = [
    ...(shown === '.' ? [] : [`cd ${shown}`]),
    ...(installed ? [] : [installCommand(pm)]),
    `${runCommand(pm, 'dev')}      # ${template === 'stdio' ? 'the server on stdio' : 'the server, locally'}`,
    `${runCommand(pm, 'test')}     # its tests`,
    `${runCommand(pm, 'codegen')}  # typed stubs of its tools (${template === 'stdio' ? 'starts the server' : 'with dev running'})`,
  ]
  if (interactive) {
    p.note(steps.join('\n'), 'Next steps')
    p.outro('Happy building!')
  } else process.stdout.write(`\nNext steps:\n${steps.map((s) => `  ${s}`).join('\n')}\n`)
  return EXIT.ok
}

function say(interactive: boolean, message: string): void {
  if (interactive) p.log.success(message)
  else process.stdout.write(`${message}\n`)
}

function cancelled(): number {
  p.cancel('Cancelled: nothing was written.')
  return EXIT.cancelled
}
