import { describe, expect, it } from 'vitest'
import { andThen } from './maybe-async.js'

describe('andThen', () => {
  it('stays synchronous on a plain value', () => {
    expect(andThen(2, (n) => n + 1)).toBe(3)
  })

  it('waits for a promise, and passes on its rejection', async () => {
    const later = andThen(Promise.resolve(2), (n) => n + 1)
    expect(later).toBeInstanceOf(Promise)
    await expect(later).resolves.toBe(3)
    await expect(andThen(Promise.reject(new Error('no')), () => 1)).rejects.toThrow('no')
  })

  it('throws synchronously when the next step does on a plain value', () => {
    expect(() =>
      andThen(1, () => {
        throw new Error('bad')
      }),
    ).toThrow('bad')
  })
})
