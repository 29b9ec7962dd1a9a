import { describe, expect, it } from 'vitest'
import { freePort, startServer, stopServer, waitForHttp } from './server-process.mjs'

const tinyServer = `node -e "require('http').createServer((q,s)=>{s.statusCode=405;s.end()}).listen(+process.env.PORT,'127.0.0.1')"`

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('server process lifecycle', () => {
  it('starts a command with PORT, sees it answer, and stops it by its PID', async () => {
    const port = await freePort()
    const handle = startServer(tinyServer, { env: { PORT: String(port) } })
    try {
      expect(await waitForHttp(`http://127.0.0.1:${port}/mcp`, { exited: handle.exited })).toBe(405)
      expect(alive(handle.pid)).toBe(true)
    } finally {
      await stopServer(handle)
    }
    expect(alive(handle.pid)).toBe(false)
  })

  it('reports a command that exits before it listens', async () => {
    const handle = startServer(`node -e "process.exit(3)"`)
    await expect(
      waitForHttp('http://127.0.0.1:9/mcp', { exited: handle.exited, timeoutMs: 5000 }),
    ).rejects.toThrow(/exited before it was ready \(code 3/)
  })
})
