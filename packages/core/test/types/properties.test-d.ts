import { describe, expectTypeOf, test } from 'vitest'
import { McpServer } from '../../src/index.js'
import { argsOf } from './helpers.js'

describe('properties and required', () => {
  test('required keys are required, the others optional', () => {
    const args = argsOf({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    })
    expectTypeOf(args).toEqualTypeOf<{ city: string; days?: number }>()
  })

  test('no required list: every property is optional', () => {
    expectTypeOf(argsOf({ type: 'object', properties: { q: { type: 'string' } } })).toEqualTypeOf<{
      q?: string
    }>()
  })

  test('properties without `type: object` still make an object', () => {
    expectTypeOf(argsOf({ properties: { q: { type: 'string' } }, required: ['q'] })).toEqualTypeOf<{
      q: string
    }>()
  })

  test('a schema declared `as const` elsewhere types the handler too', () => {
    const input = {
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    } as const
    new McpServer({ name: 't', version: '1' }).tool('get', { inputSchema: input }, (args) => {
      expectTypeOf(args).toEqualTypeOf<{ id: string }>()
      // @ts-expect-error not declared
      args.other
      return { content: [] }
    })
  })

  test('a missing inputSchema or a non-literal schema gives Record<string, unknown>', () => {
    const server = new McpServer({ name: 't', version: '1' })
    server.tool('none', {}, (args) => {
      expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>()
      return { content: [] }
    })
    const loose: Record<string, unknown> = { type: 'object' }
    server.tool('loose', { inputSchema: loose }, (args) => {
      expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>()
      return { content: [] }
    })
  })
})
