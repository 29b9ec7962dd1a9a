/**
 * The name of each request method's Result definition in the official schemas (e.g. `tools/call` →
 * `CallToolResult`), for validating a response against the schema of its revision. Client-side requests
 * (`elicitation/create`, `sampling/createMessage`, `roots/list`) are included.
 */
export const RESULT_DEFINITIONS: Readonly<Record<string, string>> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'server/discover': 'DiscoverResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'logging/setLevel': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'elicitation/create': 'ElicitResult',
  'sampling/createMessage': 'CreateMessageResult',
  'roots/list': 'ListRootsResult',
}
