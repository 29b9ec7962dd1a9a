import { expect, it } from 'vitest'
import { ID_TOKEN } from './mcp-client.mjs'
import { parseWrkOutput, wrkScript } from './wrk.mjs'

it('builds a script whose requests are made once, at start, with the id spliced into the body', () => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: ID_TOKEN, method: 'tools/call', params: { text: 'a"b' } })
  const script = wrkScript({ headers: { 'mcp-session-id': 'abc' }, body, path: '/mcp' })
  expect(script).toContain('["mcp-session-id"] = "abc"')
  expect(script).toContain('"{\\"jsonrpc\\":\\"2.0\\",\\"id\\":" .. (base + k) .. ",\\"method\\"')
  // request() only hands out a prebuilt request
  expect(script).toMatch(/function request\(\)\n {2}i = i % n \+ 1\n {2}return reqs\[i\]\nend/)
  expect(() => wrkScript({ headers: {}, body: '{}', path: '/' })).toThrow(/one "\[<id>\]"/)
})

it('reads the summary line of the script: errors and non-2xx counted as bad, latencies in ms', () => {
  const out =
    'Running 1s test\n{"requests":1000,"durationUs":1000000,"connect":0,"read":1,"write":0,"status":3,"timeout":0,"p50":250,"p99":1200}\n'
  expect(parseWrkOutput(out)).toEqual({
    requests: 1000,
    durationUs: 1e6,
    ok: 997,
    bad: 4,
    p50: 0.25,
    p99: 1.2,
  })
  expect(() => parseWrkOutput('nothing')).toThrow(/no summary/)
})
