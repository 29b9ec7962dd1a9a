import type { RequestId } from '@edgemcp/core'

/**
 * Key and channel names, all under one prefix. Event streams and their meta hashes are named by the stream
 * id (which starts with its session id); a pending server→client request by its session and request id.
 */
export class Keys {
  readonly fleetChannel: string
  readonly instancePrefix: string
  readonly instanceChannelPrefix: string

  constructor(readonly prefix: string) {
    this.fleetChannel = `${prefix}fleet`
    this.instancePrefix = `${prefix}i:`
    this.instanceChannelPrefix = `${prefix}c:`
  }

  /** A session's snapshot; `kind` keeps Streamable HTTP and SSE sessions apart. */
  session(kind: string, id: string): string {
    return `${this.prefix}${kind}:${id}`
  }

  stream(streamId: string): string {
    return `${this.prefix}e:${streamId}`
  }

  meta(streamId: string): string {
    return `${this.prefix}m:${streamId}`
  }

  /** The resumable streams of a session, oldest first (a sorted set), and its counter of them. */
  sessionStreams(sessionId: string): string {
    return `${this.prefix}n:${sessionId}`
  }

  /** The legacy sessions of one client (`ClientLimits.clientOf`) in the fleet (a set of session keys). */
  clientSessions(client: string): string {
    return `${this.prefix}q:${client}`
  }

  /** Where appends to a stream are announced (followers subscribe). */
  streamChannel(streamId: string): string {
    return `${this.prefix}f:${streamId}`
  }

  /** Which instance awaits the answer to a server→client request. */
  pending(sessionId: string, requestId: RequestId): string {
    return `${this.prefix}r:${sessionId}:${JSON.stringify(requestId)}`
  }

  /** An instance's heartbeat. */
  instance(id: string): string {
    return `${this.instancePrefix}${id}`
  }

  /** Messages for one instance (forwarded answers and SSE messages). */
  instanceChannel(id: string): string {
    return `${this.instanceChannelPrefix}${id}`
  }
}
