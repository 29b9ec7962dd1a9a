import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { eventually } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { groupAlive } from '../src/process-group.js'

const supervisor = fileURLToPath(new URL('../bin/supervise.mjs', import.meta.url))

describe('supervise.mjs', () => {
  it('ends its whole process group, grandchildren included, when its parent goes away', async () => {
    // A child that ignores SIGTERM and has a grandchild of its own (as wrangler has workerd).
    const script = `
      process.on('SIGTERM', () => {})
      require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
      console.log('ready')
      setInterval(() => {}, 1000)`
    const child = spawn(process.execPath, [supervisor, process.execPath, '-e', script], {
      detached: true,
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    const pgid = child.pid as number
    try {
      await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
      expect(groupAlive(pgid)).toBe(true)
      await new Promise((r) => setTimeout(r, 500))
      expect(groupAlive(pgid)).toBe(true) // nothing ends while the parent holds the pipe

      child.stdin?.end() // what the parent's death looks like from the supervisor
      await eventually(() => expect(groupAlive(pgid)).toBe(false), { interval: 50 })
    } finally {
      try {
        process.kill(-pgid, 'SIGKILL')
      } catch {}
    }
  }, 60_000)

  it('exits with the code of its command', async () => {
    const child = spawn(process.execPath, [supervisor, process.execPath, '-e', 'process.exit(3)'], {
      stdio: ['pipe', 'ignore', 'inherit'],
    })
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(3)
  })
})
