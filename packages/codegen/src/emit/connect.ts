import type { CodegenModel } from '../model/build-model.js'
import { textWriter } from './declarations.js'
import type { Decl } from './decl.js'

const CONNECT_TYPES = `/** How {@link connect} sets up its client and, for a URL, its HTTP transport. */
export interface ConnectOptions {
  /** How the client introduces itself. Default \`{ name: 'edgemcp-codegen-client', version: '0.0.0' }\`. */
  clientInfo?: Implementation;
  /** Options of the \`McpClient\`: protocol, capabilities, handlers, requestTimeoutMs, … */
  client?: McpClientOptions;
  /** For a URL: headers, fetch, authProvider, … of Streamable HTTP (falling back to legacy HTTP+SSE). */
  http?: FallbackTransportOptions;
}

/** A connected client: every generated function as a method, the \`McpClient\` itself, and \`close()\`. */
export type ConnectedClient = ToolsClient & {
  /** The underlying client, for what the generated methods do not cover. */
  readonly client: McpClient;
  /** Closes the connection. */
  close(): Promise<void>;
};`

/** \`connect()\`; with task-capable tools its client declares the tasks extension (\`clientTasks()\`). */
const connectFunction = (tasks: boolean) => `/**
 * Connects to a server and resolves to the typed client. \`target\` is a URL (Streamable HTTP, falling back to the
 * legacy HTTP+SSE transport) or a transport not yet connected, e.g. \`new StdioClientTransport({ command })\` from
 * \`@edgemcp/stdio\`.
 */
export async function connect(target: string | URL | Transport, options: ConnectOptions = {}): Promise<ConnectedClient> {
  const client = new McpClient(options.clientInfo ?? { name: 'edgemcp-codegen-client', version: '0.0.0' }, ${tasks ? '{ tasks: clientTasks(), ...options.client }' : 'options.client'});
  const transport = typeof target === 'string' || target instanceof URL ? new FallbackClientTransport(target, options.http) : target;
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return { ...createClient(client), client, close: () => client.close() };
}`

/** `ConnectOptions`, `ConnectedClient` and `connect()`, unless `--no-connect`. */
export function connectDecls(model: CodegenModel): Decl[] {
  if (!model.connect) return []
  const tasks = model.tools.some((t) => t.taskSupport)
  return [
    {
      module: 'index',
      statement: textWriter(CONNECT_TYPES),
      declares: { types: ['ConnectOptions', 'ConnectedClient'] },
      uses: {
        types: ['Implementation', 'McpClientOptions', 'FallbackTransportOptions', 'ToolsClient', 'McpClient'],
      },
    },
    {
      module: 'index',
      statement: textWriter(connectFunction(tasks)),
      declares: { values: ['connect'] },
      uses: {
        values: ['McpClient', 'FallbackClientTransport', 'createClient', ...(tasks ? ['clientTasks'] : [])],
        types: ['Transport', 'ConnectOptions', 'ConnectedClient'],
      },
    },
  ]
}
