import { describe, expect, it } from 'vitest'
import { implementationFor } from '../protocol/implementation.js'
import { clientCapabilities } from './capabilities.js'

const all = { elicitation: true, sampling: true, roots: true }
const none = { elicitation: false, sampling: false, roots: false }

describe('clientCapabilities', () => {
  it('declares what has a handler, keeps configured details, drops what has none', () => {
    const configured = {
      elicitation: { form: {}, url: {} },
      sampling: { tools: {} },
      experimental: { x: {} },
    }
    expect(clientCapabilities(configured, all, 'legacy')).toEqual({
      elicitation: { form: {}, url: {} },
      sampling: { tools: {} },
      roots: { listChanged: true },
      experimental: { x: {} },
    })
    expect(clientCapabilities(configured, none, 'legacy')).toEqual({ experimental: { x: {} } })
    expect(clientCapabilities({ roots: { listChanged: true } }, all, 'modern').roots).toEqual({})
    // elicitation/create first appears in 2025-06-18
    expect(clientCapabilities({}, all, 'legacy', '2025-03-26').elicitation).toBeUndefined()
    expect(clientCapabilities({}, all, 'legacy', '2025-06-18').elicitation).toEqual({})
  })

  it('declares applyDefaults in the form capability from 2025-11-25 (SEP-1034)', () => {
    const on = { applyDefaults: true }
    expect(clientCapabilities({}, all, 'legacy', '2025-11-25', on).elicitation).toEqual({
      form: { applyDefaults: true },
    })
    expect(
      clientCapabilities({ elicitation: { url: {} } }, all, 'modern', undefined, on).elicitation,
    ).toEqual({
      url: {},
      form: { applyDefaults: true },
    })
    expect(clientCapabilities({}, all, 'legacy', '2025-06-18', on).elicitation).toEqual({})
    expect(clientCapabilities({}, none, 'legacy', '2025-11-25', on).elicitation).toBeUndefined()
  })

  it('shapes clientInfo for the revision', () => {
    const info = { name: 'c', version: '1', title: 'C', description: 'd' }
    expect(implementationFor('2025-03-26', info)).toEqual({ name: 'c', version: '1' })
    expect(implementationFor('2025-06-18', info)).toEqual({ name: 'c', version: '1', title: 'C' })
    expect(implementationFor('2026-07-28', info)).toEqual(info)
  })
})
