import { readFileSync } from 'node:fs'

/**
 * CPU time a process has used (user + system), in µs, from /proc/<pid>/stat (fields 14 and 15, in clock ticks
 * of USER_HZ, which is 100 on Linux).
 * @param {number} pid
 */
export function cpuTimeUs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ') // after "pid (comm) ", field 3 is at index 0
  return (Number(fields[11]) + Number(fields[12])) * 10_000
}
