import { expect, it } from 'vitest'
import { ownerOf, summarizeProfile } from './profile-summary.mjs'

it('names the owner of a frame: package, workspace package, Node, V8', () => {
  expect(ownerOf('file:///x/node_modules/@hono/node-server/dist/index.mjs', 'f')).toBe('@hono/node-server')
  expect(ownerOf('file:///w/packages/core/dist/server/handle.js', 'f')).toBe('core')
  expect(ownerOf('node:internal/url', 'URL')).toBe('node (internals)')
  expect(ownerOf('', '(garbage collector)')).toBe('(garbage collector)')
  expect(ownerOf('', 'writev')).toBe('(native) writev')
})

it('sums self time per owner and function, leaving idle out', () => {
  const frame = (/** @type {string} */ functionName, /** @type {string} */ url) => ({
    functionName,
    url,
    lineNumber: 0,
  })
  const profile = {
    nodes: [
      { id: 1, callFrame: frame('(idle)', '') },
      { id: 2, callFrame: frame('a', 'file:///w/packages/core/dist/a.js') },
      { id: 3, callFrame: frame('b', 'node:events') },
    ],
    samples: [1, 2, 2, 3],
    timeDeltas: [500, 100, 100, 200],
  }
  const s = summarizeProfile(profile)
  expect(s.busyUs).toBe(400)
  expect(s.byOwner).toEqual([
    ['core', 200],
    ['node (internals)', 200],
  ])
  expect(s.byFunction[0]).toEqual(['a  dist/a.js:1', 200])
})
