// What server and client middleware share (@edgemcp/core/middleware only): running a list around a call, and
// a target's stack of middleware that `remove()` takes out of again.
import type { Registration } from './server/registry.js'

/** A step of a chain: gets the call and a `next` that runs the rest of it. */
export type Link<C, R> = (call: C, next: () => Promise<R>) => Promise<R>

/** Runs `last` through `list` around `call`, the first of `list` outermost. */
export function runChain<C, R>(list: readonly Link<C, R>[], call: C, last: () => Promise<R>): Promise<R> {
  const step = (i: number): Promise<R> => {
    const link = list[i]
    return link ? link(call, () => step(i + 1)) : last()
  }
  return step(0)
}

/**
 * `send`, with `params._meta` left out when it is still the empty object the middleware were given to add
 * to (a trace context): what goes on the wire is what the caller sent.
 */
export function sendWithMeta<R>(
  params: { _meta?: unknown },
  meta: object,
  send: () => Promise<R>,
): Promise<R> {
  if (Object.keys(meta).length === 0) delete params._meta
  return send()
}

const stacks = new WeakMap<object, unknown[]>()

/**
 * Adds `added` to the middleware stack of `target` (after what was added before it) and calls `apply` with the
 * whole stack, again after `remove()` took `added` out.
 */
export function addToStack<M>(
  target: object,
  added: readonly M[],
  apply: (stack: readonly M[]) => void,
): Registration {
  const stack = (stacks.get(target) ?? []) as M[]
  stacks.set(target, stack)
  stack.push(...added)
  apply(stack)
  return {
    remove: () => {
      for (const m of added) {
        const i = stack.indexOf(m)
        if (i >= 0) stack.splice(i, 1)
      }
      apply(stack)
    },
  }
}
