#!/usr/bin/env node
// Reads a V8 CPU profile (.cpuprofile, e.g. from `npm run bench -- --profile dir`) and prints where the time went:
// self time by package (or Node internals) and by function, as shares of the time not idle.
// Usage: node src/profile-summary.mjs <file.cpuprofile> [top=40]
import { readFileSync } from 'node:fs'

/**
 * @typedef {{ id: number, callFrame: { functionName: string, url: string, lineNumber: number } }} ProfileNode
 * @typedef {{ nodes: ProfileNode[], samples: number[], timeDeltas: number[] }} Profile
 */

/** Where a frame's code lives: a package (node_modules or the workspace), Node itself, or V8/native. */
export function ownerOf(/** @type {string} */ url, /** @type {string} */ fn) {
  if (!url) return fn.startsWith('(') ? fn : `(native) ${fn}`
  const m =
    /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url) ?? /\/(?:packages|tools|apps)\/([^/]+)\//.exec(url)
  if (m) return m[1] ?? url
  return url.startsWith('node:') ? 'node (internals)' : url
}

/**
 * @param {Profile} profile
 * @returns {{ busyUs: number, byOwner: Array<[string, number]>, byFunction: Array<[string, number]> }}
 */
export function summarizeProfile(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
  /** @type {Map<string, number>} */ const byOwner = new Map()
  /** @type {Map<string, number>} */ const byFunction = new Map()
  let busyUs = 0
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id)
    const dt = profile.timeDeltas[i] ?? 0
    if (node === undefined || node.callFrame.functionName === '(idle)') return
    busyUs += dt
    const { functionName, url, lineNumber } = node.callFrame
    const owner = ownerOf(url, functionName)
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + dt)
    const key = `${functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`
    byFunction.set(key, (byFunction.get(key) ?? 0) + dt)
  })
  const sorted = (/** @type {Map<string, number>} */ m) => [...m].sort((a, b) => b[1] - a[1])
  return { busyUs, byOwner: sorted(byOwner), byFunction: sorted(byFunction) }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, top = '40'] = process.argv.slice(2)
  if (file === undefined) {
    console.error('usage: node src/profile-summary.mjs <file.cpuprofile> [top]')
    process.exit(2)
  }
  const { busyUs, byOwner, byFunction } = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')))
  const pct = (/** @type {number} */ us) => `${((100 * us) / busyUs).toFixed(1).padStart(5)}%`
  console.log(`${(busyUs / 1000).toFixed(0)} ms busy (idle left out)\n\nself time by owner:`)
  for (const [k, us] of byOwner.slice(0, 20)) console.log(`${pct(us)}  ${k}`)
  console.log('\nself time by function:')
  for (const [k, us] of byFunction.slice(0, Number(top))) console.log(`${pct(us)}  ${k}`)
}
