import { describe, expect, it } from 'vitest'
import { parseBody } from './post.js'

describe('parseBody', () => {
  it('parses the text of a read body', () => {
    expect(parseBody({ ok: true, text: '{"a":1}' })).toMatchObject({ value: { a: 1 } })
  })

  it('uses the parse peekBody kept instead of parsing again', () => {
    // The text would not parse: only the kept parse can give this value.
    expect(parseBody({ ok: true, text: 'not json', parsed: { ok: true, value: 7 } })).toMatchObject({
      value: 7,
    })
  })

  it('answers 400 for text that is not JSON', async () => {
    const bad = parseBody({ ok: true, text: '{' })
    expect(bad).toBeInstanceOf(Response)
    expect((bad as Response).status).toBe(400)
    expect(((await (bad as Response).json()) as { error: { code: number } }).error.code).toBe(-32700)
  })
})
