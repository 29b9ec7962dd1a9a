// @edgemcp/auth/loopback: the loopback redirect of a command-line OAuth login (RFC 8252), for CLIs on Node
// (edgemcp-codegen --auth, edgemcp-bridge --auth). Kept apart from @edgemcp/auth/client, which runs on Workers.
export { LoopbackLoginError, loopbackLogin, openInBrowser } from './client/loopback.js'
export type { LoopbackLogin, LoopbackLoginOptions } from './client/loopback.js'
