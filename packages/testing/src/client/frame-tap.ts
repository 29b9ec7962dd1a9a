import type { ClientTransport, JsonRpcMessage } from '@edgemcp/core'

export interface FrameTap {
  /** Debug log of frames (`→` sent, `←` received); undefined when debug logging is off. */
  log?: ((direction: '→' | '←', text: string) => void) | undefined
  /**
   * Sees every error the transport reports before the client does; returns true to swallow it (stdout chatter
   * in debug mode).
   */
  onError: (error: Error) => boolean
}

/**
 * The harness's transport as the client engine sees it: frames logged in debug mode, transport errors seen
 * first (so a dead process or garbage on stdout fails the requests in flight at once). Everything else —
 * `sessionId`, `setProtocolVersion`, `openStandaloneStream`, … — is the transport's own.
 */
export function tapTransport(transport: ClientTransport, tap: FrameTap): ClientTransport {
  return new Proxy(transport, {
    get(target, key) {
      if (key === 'send' && tap.log) {
        const log = tap.log
        return (message: JsonRpcMessage | JsonRpcMessage[], options?: { signal?: AbortSignal }) => {
          log('→', JSON.stringify(message))
          return target.send(message, options)
        }
      }
      const value: unknown = Reflect.get(target, key, target)
      // Methods run on the transport itself (its private fields are not reachable through a proxy).
      return typeof value === 'function' ? value.bind(target) : value
    },
    set(target, key, value: unknown) {
      if (key === 'onmessage' && typeof value === 'function' && tap.log) {
        const log = tap.log
        const deliver = value as (message: unknown) => void
        return Reflect.set(target, key, (message: unknown) => {
          log('←', JSON.stringify(message))
          deliver(message)
        })
      }
      if (key === 'onerror' && typeof value === 'function') {
        const report = value as (error: Error) => void
        return Reflect.set(target, key, (error: Error) => {
          if (!tap.onError(error)) report(error)
        })
      }
      return Reflect.set(target, key, value, target)
    },
  })
}
