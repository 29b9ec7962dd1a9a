import type { StatementStructures, WriterFunction } from 'ts-morph'

/** The module a declaration lives in when output is split (`--split`); one file holds them all otherwise. */
export type ModuleName = 'runtime' | 'types' | 'index' | 'prompts' | 'resources' | `tools/${string}`

/** One top-level statement and the names it declares and uses, so imports can be derived per file. */
export interface Decl {
  module: ModuleName
  statement: StatementStructures | WriterFunction
  declares: { values?: string[]; types?: string[] }
  uses: { values?: string[]; types?: string[] }
}

/** Names that come from packages rather than from the generated code. */
export const EXTERNAL_NAMES: Readonly<Record<string, { from: string; kind: 'type' | 'value' }>> = {
  CallToolResult: { from: '@edgemcp/core', kind: 'type' },
  Implementation: { from: '@edgemcp/core', kind: 'type' },
  McpClient: { from: '@edgemcp/core', kind: 'value' },
  McpClientOptions: { from: '@edgemcp/core', kind: 'type' },
  Transport: { from: '@edgemcp/core', kind: 'type' },
  FallbackClientTransport: { from: '@edgemcp/sse', kind: 'value' },
  FallbackTransportOptions: { from: '@edgemcp/sse', kind: 'type' },
  GetPromptResult: { from: '@edgemcp/core', kind: 'type' },
  ReadResourceResult: { from: '@edgemcp/core', kind: 'type' },
  ToolAnnotations: { from: '@edgemcp/core', kind: 'type' },
  callToolTask: { from: '@edgemcp/core/tasks', kind: 'value' },
  clientTasks: { from: '@edgemcp/core/tasks', kind: 'value' },
  ToolTask: { from: '@edgemcp/core/tasks', kind: 'type' },
  ToolTaskClient: { from: '@edgemcp/core/tasks', kind: 'type' },
  Validator: { from: '@cfworker/json-schema', kind: 'value' },
  OutputUnit: { from: '@cfworker/json-schema', kind: 'type' },
  Schema: { from: '@cfworker/json-schema', kind: 'type' },
  SchemaDraft: { from: '@cfworker/json-schema', kind: 'type' },
}
