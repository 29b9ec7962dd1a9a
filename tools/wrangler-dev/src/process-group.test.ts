import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { endGroup, groupAlive, groupProcesses } from './process-group.js'

describe('process groups', () => {
  it('lists a group with its grandchild, and ends processes that ignore SIGTERM', async () => {
    // A leader that ignores SIGTERM and has a child of its own (as wrangler has workerd).
    const script = `
      process.on('SIGTERM', () => {})
      require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
      setTimeout(() => console.log('ready'), 100)
      setInterval(() => {}, 1000)`
    const child = spawn(process.execPath, ['-e', script], {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const pgid = child.pid as number
    try {
      await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
      expect(groupAlive(pgid)).toBe(true)
      const processes = groupProcesses(pgid)
      expect(processes.map((p) => p.name)).toEqual(['node', 'node'])
      expect(processes.map((p) => p.pid)).toContain(pgid)
      const started = Date.now()
      expect(await endGroup(pgid, { graceMs: 2_000, levelGraceMs: 500 })).toBe(true)
      expect(Date.now() - started).toBeGreaterThanOrEqual(500) // SIGTERM was ignored: SIGKILL ended it
      expect(groupAlive(pgid)).toBe(false)
      expect(groupProcesses(pgid)).toEqual([])
    } finally {
      try {
        process.kill(-pgid, 'SIGKILL')
      } catch {}
    }
  })

  it('reports a group that does not exist as gone', async () => {
    expect(groupAlive(2 ** 22 + 12_345)).toBe(false)
    expect(await endGroup(2 ** 22 + 12_345)).toBe(true)
  })
})
