// Runs a command (here `wrangler dev`) inside the process group this script leads, and ends that whole group
// (wrangler and workerd) when the process that started us goes away without stopping it — our stdin, a pipe
// from that process, then closes. Without this, a test runner killed mid-run (turbo stopping after another
// task failed, Ctrl-C) would leave wrangler and workerd running in their detached group.
//   node supervise.mjs <command> [args...]    (spawned with `detached: true` and stdin a pipe)
// SIGTERM and SIGINT sent to this script go on to the command, so that wrangler shuts workerd down itself
// (and reaps it: a process orphaned to an init that does not reap would stay a zombie).
import { spawn } from 'node:child_process'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node supervise.mjs <command> [args...]')
  process.exit(2)
}

const signalGroup = (signal) => {
  try {
    process.kill(-process.pid, signal)
  } catch {}
}

let orphaned = false
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] })
child.once('exit', (code, signal) => {
  // Orphaned: the command has stopped; kill whatever it left in the group, this script included.
  if (orphaned) signalGroup('SIGKILL')
  else process.exit(code ?? (signal ? 1 : 0))
})
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal))

function endGroup() {
  if (orphaned) return
  orphaned = true
  child.kill('SIGTERM') // the command ends its own children; whatever is left when it exits is killed above
  setTimeout(() => signalGroup('SIGKILL'), 3_000)
}

process.stdin.on('end', endGroup)
process.stdin.on('close', endGroup)
process.stdin.on('error', endGroup)
process.stdin.resume()
