import { PassThrough } from 'node:stream'
import { startBridge } from '@edgemcp/bridge'
import { LineSplitter } from '@edgemcp/stdio'
import { CLIENT_LIMIT, type ClientCase, isOneMessage } from './hostile-answer.js'
import { BodyMeter } from './answer-body.js'
import { HANG_MS, READ_BOUND } from './client-case.js'
import { describeRequest, type FetchLike, scriptedFetch } from './scripted-fetch.js'
import type { CaseOutcome } from './client-case.js'

const TIMEOUT_MS = 100

/**
 * The scripted server of a client case, which also lists one tool: the bridge reads tools/list at its start,
 * and the scripted server answers every other request as a tool call.
 */
function withToolList(inner: FetchLike): FetchLike {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers)
    const seen = describeRequest('POST', typeof init.body === 'string' ? init.body : undefined, headers)
    if (seen.rpc !== 'tools/list') return inner(input, init)
    const result = { tools: [{ name: 'add', inputSchema: { type: 'object' } }] }
    return Response.json({
      jsonrpc: '2.0',
      id: JSON.parse(seen.id),
      result: seen.modern ? { resultType: 'complete', ttlMs: 0, cacheScope: 'private', ...result } : result,
    })
  }
}

/** Reads newline-delimited JSON-RPC from the bridge's stdout; `lines` are the raw lines, for the check. */
function lineReader(stdout: PassThrough) {
  const lines: string[] = []
  const waiters = new Map<number, (m: Record<string, unknown>) => void>()
  // The stdio framing of our own transports: UTF-8 kept whole across chunks, `\r\n` accepted.
  const splitter = new LineSplitter()
  stdout.on('data', (chunk: Buffer) => {
    for (const line of splitter.push(chunk)) {
      lines.push(line)
      try {
        const m = JSON.parse(line) as Record<string, unknown>
        if (typeof m.id === 'number') waiters.get(m.id)?.(m)
      } catch {
        // not JSON: the check below reports it
      }
    }
  })
  const answer = (id: number) => new Promise<Record<string, unknown>>((resolve) => waiters.set(id, resolve))
  return { lines, answer }
}

/**
 * One case through edgemcp-bridge: the bridge starts against the case's hostile remote, and a legacy stdio
 * client (initialize, then tools/call) uses it, then closes stdin. Problems: the bridge neither starts nor
 * fails within the hang guard, fails with a message of more than one line, writes anything but JSON-RPC to
 * stdout, leaves the stdio client's call unanswered, reads a hostile message past the client's limit, or does
 * not stop when stdin ends.
 */
export async function runBridgeCase(c: ClientCase): Promise<CaseOutcome> {
  const meter = new BodyMeter()
  const problems: string[] = []
  const stdin = new PassThrough()
  const stdout = new PassThrough()
  const out = lineReader(stdout)
  const warnings: string[] = []
  let outcome = 'ok'
  let stage = 'start'
  const scenario = (async () => {
    let bridge: Awaited<ReturnType<typeof startBridge>>
    try {
      bridge = await startBridge({
        url: new URL('http://fuzz.test/mcp'),
        headers: {},
        protocol: c.protocol,
        timeoutMs: TIMEOUT_MS,
        auth: undefined,
        stdin,
        stdout,
        warn: (line) => warnings.push(line),
        fetch: withToolList(scriptedFetch(c, meter)) as typeof fetch,
        maxMessageBytes: CLIENT_LIMIT,
      })
    } catch (error) {
      outcome = 'refused'
      const message = error instanceof Error ? error.message : String(error)
      if (message.includes('\n'))
        problems.push(`the start failed with a message of several lines: ${message}`)
      return
    }
    stage = 'initialize'
    const send = (m: unknown) => stdin.write(`${JSON.stringify(m)}\n`)
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'fuzz-stdio', version: '1' },
      },
    })
    await out.answer(1)
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    stage = 'tools/call'
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'add', arguments: {} } })
    const answer = await out.answer(2)
    if (!('result' in answer) && !('error' in answer))
      problems.push('the tools/call answer is neither result nor error')
    if ('error' in answer) outcome = 'call-error'
    stage = 'close'
    stdin.end()
    await bridge.closed
    stage = 'closed'
  })()
  let timer: ReturnType<typeof setTimeout> | undefined
  const hung = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), HANG_MS)
  })
  if ((await Promise.race([scenario, hung])) === 'hung')
    problems.push(`the bridge did not settle in ${HANG_MS} ms (stuck in ${stage})`)
  clearTimeout(timer)
  for (const line of out.lines)
    try {
      JSON.parse(line)
    } catch {
      problems.push(`stdout carried a line that is not JSON-RPC: ${line.slice(0, 80)}`)
    }
  for (const w of warnings) if (w.includes('\n')) problems.push(`a warning of several lines: ${w}`)
  if (isOneMessage(c.answer.body) && (meter.capped || meter.maxRead > READ_BOUND))
    problems.push(`the bridge read ${meter.maxRead} bytes of one message`)
  return { outcome, problems }
}
