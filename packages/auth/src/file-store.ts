// @edgemcp/auth/file-store: a file-backed OAuth store for command-line tools (Node, Deno, Bun).
// Kept apart from @edgemcp/auth/client, which runs on Workers and in browsers.
export { defaultOAuthFilePath, FileOAuthStore } from './client/file-store.js'
