// @edgemcp/core/middleware: the one seam for tracing, logging, rate limiting and audit, on servers
// (`useMiddleware`) and clients (`useClientMiddleware`). A subpath of its own: the composition lives here, so
// a server or client without middleware carries only the engine's one property check per message.

export { useMiddleware } from './server/use-middleware.js'
export type {
  InboundCall,
  ServerMiddleware,
  ServerOutboundCall,
  ServerOutboundMiddleware,
} from './server/middleware.js'
export { useClientMiddleware } from './client/middleware.js'
export type {
  ClientInboundCall,
  ClientInboundMiddleware,
  ClientMiddleware,
  OutboundCall,
} from './client/middleware.js'
