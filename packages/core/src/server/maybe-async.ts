/**
 * `next(value)`, once `value` has settled when it is a promise. A synchronous value stays synchronous, so a
 * request whose steps are all synchronous makes no promise on the way (the engine's hot path).
 */
export function andThen<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value)
}
