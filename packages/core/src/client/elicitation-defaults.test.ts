import { describe, expect, it } from 'vitest'
import { applyElicitationDefaults } from './elicitation-defaults.js'

const params = {
  message: 'Profile',
  requestedSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', default: 'John Doe' },
      age: { type: 'integer', default: 30 },
      verified: { type: 'boolean', default: true },
      note: { type: 'string' },
    },
  },
}

describe('applyElicitationDefaults', () => {
  it('fills the fields an accepted answer left out, keeping the given ones (false and 0 included)', () => {
    expect(
      applyElicitationDefaults(params, { action: 'accept', content: { age: 0, verified: false } }),
    ).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 0, verified: false },
    })
    expect(applyElicitationDefaults(params, { action: 'accept' })).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 30, verified: true },
    })
  })

  it('leaves declined, cancelled, URL-mode and default-free answers alone', () => {
    const declined = { action: 'decline' }
    expect(applyElicitationDefaults(params, declined)).toBe(declined)
    const url = { action: 'accept' }
    expect(applyElicitationDefaults({ mode: 'url', message: 'm', url: 'https://x' }, url)).toBe(url)
    const full = { action: 'accept', content: { name: 'A', age: 1, verified: false } }
    expect(applyElicitationDefaults(params, full)).toBe(full)
  })
})
