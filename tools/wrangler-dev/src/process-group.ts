import { existsSync, readdirSync, readFileSync } from 'node:fs'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const hasProc = existsSync('/proc/self/stat')

/** True while any process of group `pgid` runs (zombies, which no signal ends, do not count on Linux). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !hasProc || groupProcesses(pgid).length > 0
}

/** Sends `signal` to every process of group `pgid`; false when none was left. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal)
    return true
  } catch {
    return false
  }
}

export interface GroupProcess {
  pid: number
  ppid: number
  /** The executable's name as the kernel has it (`node`, `workerd`, …). */
  name: string
}

interface Stat extends GroupProcess {
  /** R, S, D, Z (zombie: ended, waiting for its parent to reap it), … */
  state: string
  pgrp: number
}

/** /proc/<pid>/stat of `pid`, or undefined when it has no entry (ended and reaped). */
function readStat(pid: number): Stat | undefined {
  let stat: string
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // "pid (name) state ppid pgrp …": the name may hold spaces and parentheses, so split after the last ")".
  const close = stat.lastIndexOf(')')
  const [state = '', ppid, pgrp] = stat.slice(close + 2).split(' ')
  return {
    pid,
    ppid: Number(ppid),
    pgrp: Number(pgrp),
    state,
    name: stat.slice(stat.indexOf('(') + 1, close),
  }
}

/** Every process of group `pgid` in /proc, zombies included (empty without /proc). */
function scanGroup(pgid: number): Stat[] {
  let entries: string[]
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e))
  } catch {
    return []
  }
  const found: Stat[] = []
  for (const entry of entries) {
    const stat = readStat(Number(entry)) // undefined: ended meanwhile
    if (stat?.pgrp === pgid) found.push(stat)
  }
  return found
}

/** The live processes of group `pgid` (Linux: read from /proc; elsewhere an empty list). */
export function groupProcesses(pgid: number): GroupProcess[] {
  return scanGroup(pgid)
    .filter((p) => p.state !== 'Z')
    .map(({ pid, ppid, name }) => ({ pid, ppid, name }))
}

/** True once `pid` has ended and been reaped (or is a zombie left to init, which reaps when it likes). */
function settled(pid: number): boolean {
  const stat = readStat(pid)
  return stat === undefined || (stat.state === 'Z' && stat.ppid === 1)
}

/**
 * Ends group `pgid` from the bottom up: the processes with no child in the group (workerd, esbuild) first, then
 * a wait until their parent (wrangler) has reaped them, then the same for those parents, up to the leader; so
 * nothing is left to an init that may not reap it. Each level gets SIGTERM, and SIGKILL after `levelGraceMs`
 * (at once for the names in `killAtOnce`). Without /proc: SIGTERM to the whole group. SIGKILL to the group
 * for whatever is still there after `graceMs`. Resolves once no process of the group runs, false when some
 * still did after `graceMs` + 5 s.
 */
export async function endGroup(
  pgid: number,
  options: { graceMs?: number; levelGraceMs?: number; killAtOnce?: string[] } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.graceMs ?? 5_000)
  const kill = (pids: number[], signal: NodeJS.Signals) => {
    for (const pid of pids)
      try {
        process.kill(pid, signal)
      } catch {}
  }
  const waitSettled = async (pids: number[], until: number) => {
    while (!pids.every(settled) && Date.now() < until) await sleep(20)
  }
  if (!hasProc) signalGroup(pgid, 'SIGTERM')
  while (groupAlive(pgid) && Date.now() < deadline) {
    if (!hasProc) {
      await sleep(50)
      continue
    }
    // A parent whose child has ended but is not reaped yet is not a leaf: it is about to reap it.
    const group = scanGroup(pgid)
    const parents = new Set(group.map((p) => p.ppid))
    const leaves = group.filter((p) => p.state !== 'Z' && !parents.has(p.pid))
    const atOnce = leaves.filter((p) => options.killAtOnce?.includes(p.name)).map((p) => p.pid)
    const gently = leaves.filter((p) => !atOnce.includes(p.pid)).map((p) => p.pid)
    kill(atOnce, 'SIGKILL')
    kill(gently, 'SIGTERM')
    await waitSettled(gently, Math.min(deadline, Date.now() + (options.levelGraceMs ?? 1_000)))
    kill(
      gently.filter((pid) => !settled(pid)),
      'SIGKILL',
    )
    await waitSettled([...atOnce, ...gently], deadline)
  }
  for (let i = 0; i < 50 && groupAlive(pgid); i++) {
    signalGroup(pgid, 'SIGKILL')
    await sleep(100)
  }
  return !groupAlive(pgid)
}
