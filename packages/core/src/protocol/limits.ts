/**
 * Budgets on what a peer can make a server hold or repeat back. Each value a client chooses and the server
 * keeps (a session's subscriptions, its client info) or echoes in every message of a stream (a request id in
 * `_meta.subscriptionId`, a progress token in every progress notification) has a size limit, so that one
 * request cannot turn into megabytes of output per event, or into a session too large to store.
 */

/** Longest string request id accepted (characters). Longer ones are an invalid request (-32600). */
export const MAX_ID_LENGTH = 512

/** Longest string `_meta.progressToken` accepted (characters); longer ones are invalid params (-32602). */
export const MAX_PROGRESS_TOKEN_LENGTH = 512

/** Longest resource URI a session may subscribe to (characters). */
export const MAX_SUBSCRIPTION_URI_LENGTH = 4096

/** Resource subscriptions one session (or one `subscriptions/listen` request) may hold. */
export const MAX_SUBSCRIPTIONS = 256

/**
 * Largest `capabilities` + `clientInfo` of an `initialize`, or of a 2026-07-28 request's `_meta`, as JSON
 * (characters): the session, or a task the request creates, keeps them.
 */
export const MAX_CLIENT_DESCRIPTION_LENGTH = 64 * 1024

/** Server→client requests (elicitation, sampling, roots) one session may have waiting for an answer. */
export const MAX_PENDING_SERVER_REQUESTS = 64
