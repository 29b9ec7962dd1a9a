// Child process: starts one contender and prints one JSON line on stdout: {port} | {skipped} | {error}.
// Usage: node server-main.mjs <file in servers/> <stateless|session> <echo|many>
const [file, mode, toolset] = process.argv.slice(2)

/** @param {unknown} msg */
const say = (msg) => process.stdout.write(`${JSON.stringify(msg)}\n`)
/** @param {unknown} err */
const firstLine = (err) => String(err instanceof Error ? err.message : err).split('\n')[0] ?? ''

if (
  file === undefined ||
  (mode !== 'stateless' && mode !== 'session') ||
  (toolset !== 'echo' && toolset !== 'many')
) {
  say({
    error: `usage: server-main.mjs <file> <stateless|session> <echo|many>, got ${process.argv.slice(2)}`,
  })
  process.exit(2)
}

/** @type {{ start: import('./servers/contract.mjs').StartFn }} */
let mod
try {
  mod = await import(new URL(`./servers/${file}`, import.meta.url).href)
} catch (err) {
  say({ skipped: `import failed: ${firstLine(err).replace(/ imported from .*/, '')}` })
  process.exit(0)
}
try {
  const server = await mod.start({ mode, toolset })
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
  say({ port: server.port })
} catch (err) {
  say({ error: `start failed: ${firstLine(err)}` })
  process.exit(1)
}
