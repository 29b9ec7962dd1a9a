import type { CodegenModel } from '../model/build-model.js'
import { textWriter } from './declarations.js'
import type { Decl } from './decl.js'

const REQUEST_OPTIONS = `/** Per-request options, passed through to the client. */
export interface RequestOptions {
  /** Aborts the request. */
  signal?: AbortSignal;
  /** Fails the request after this many milliseconds. */
  timeoutMs?: number;
  /** Asks the server for progress and receives each progress notification of this call. */
  onprogress?: (progress: { progress: number; total?: number; message?: string }) => void;
}`

const TOOL_CALLER = `/** What the tool functions need from a client: an @edgemcp/core \`McpClient\` has it. */
export interface ToolCaller {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<CallToolResult>;
}`

const CALL_OPTIONS = `/** Options of one tool call. \`unwrap: true\` throws a {@link ToolCallError} on \`isError\` and resolves to the payload. */
export interface CallOptions extends RequestOptions {
  unwrap?: boolean;
}`

const TOOL_RESULT = `/** A tool result whose \`structuredContent\` has the tool's declared output type. */
export type ToolResult<Output> = Omit<CallToolResult, 'structuredContent'> & { structuredContent?: Output };`

const TOOL_CONTENT = `/** What a tool without an outputSchema unwraps to: its content blocks. */
export type ToolContent = NonNullable<CallToolResult['content']>;`

const CALL_RESULT = `/** The whole result, or with \`unwrap: true\` only the payload. */
export type CallResult<Options, Result, Payload> = Options extends { unwrap: true }
  ? Payload
  : Options extends { unwrap?: false | undefined } | undefined
    ? Result
    : Result | Payload;`

const TOOL_CALL_ERROR = `/** Thrown by \`unwrap: true\` calls when the tool reports an error or leaves out its structured content. */
export class ToolCallError extends Error {
  override readonly name = 'ToolCallError';
  /** The raw tool name. */
  readonly tool: ToolName;
  readonly result: CallToolResult;

  constructor(tool: ToolName, result: CallToolResult, message: string) {
    super(message);
    this.tool = tool;
    this.result = result;
  }
}`

const TASK_CALL_OPTIONS = `/** Options of a call of a tool that may run as a task: \`task: true\` resolves to its {@link ToolTaskHandle}. */
export interface TaskCallOptions extends CallOptions {
  /** Hands back the task (its id, status, input, cancel and result) instead of waiting for the result; \`unwrap\` then does nothing. */
  task?: boolean;
}`

const TOOL_TASK_HANDLE = `/** A task the server runs for one call (\`{ task: true }\`): \`ToolTask\` of @edgemcp/core/tasks, its result typed. */
export type ToolTaskHandle<Result> = Omit<ToolTask, 'result'> & {
  /** Waits for the final result, answering the task's input requests with the client's handlers. */
  result(options?: RequestOptions): Promise<Result>;
};`

const TASK_OR = `/** With \`task: true\` the task handle, otherwise what the call resolves to. */
export type TaskOr<AsTask, Result, Outcome> = AsTask extends true ? ToolTaskHandle<Result> : Outcome;`

const START_TOOL_TASK = `/** \`{ task: true }\`: calls the tool with \`callToolTask\` and hands back the task; needs an \`McpClient\`. */
function startToolTask(client: ToolCaller, name: ToolName, args: unknown, options: RequestOptions): Promise<ToolTask> {
  const candidate = client as ToolCaller & Partial<ToolTaskClient>;
  if (typeof candidate.request !== 'function' || typeof candidate.awaitTask !== 'function') {
    throw new TypeError(\`\${name}: { task: true } needs a client with request() and awaitTask(), such as McpClient\`);
  }
  return callToolTask(candidate as ToolTaskClient, { name, arguments: (args ?? {}) as Record<string, unknown> }, options);
}`

function invokeToolText(validate: boolean, tasks: boolean): string {
  const schemasParam = validate ? '\n  schemas?: ToolSchemas,' : ''
  const checkArgs = validate
    ? "\n  if (schemas) assertValid(name, 'arguments', schemas.input, args ?? {});"
    : ''
  const checkResult = validate
    ? `
  if (schemas?.output !== undefined && !result.isError && result.structuredContent !== undefined) {
    assertValid(name, 'structuredContent', schemas.output, result.structuredContent);
  }`
    : ''
  return `/** Calls one tool; the per-tool functions are typed wrappers around this. */
export async function invokeTool(
  client: ToolCaller,
  name: ToolName,
  args: unknown,
  options: CallOptions | undefined,
  structured: boolean,${schemasParam}
): Promise<unknown> {
  const { unwrap, ${tasks ? 'task, ' : ''}...requestOptions } = ${tasks ? '(options ?? {}) as TaskCallOptions' : 'options ?? {}'};${checkArgs}${tasks ? '\n  if (task) return startToolTask(client, name, args, requestOptions);' : ''}
  const result = await client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> }, requestOptions);${checkResult}
  if (!unwrap) return result;
  if (result.isError) {
    const first = result.content?.find((block) => block.type === 'text');
    const message = first && 'text' in first ? first.text : \`tool \${name} reported an error\`;
    throw new ToolCallError(name, result, message);
  }
  if (!structured) return result.content ?? [];
  if (result.structuredContent === undefined) {
    throw new ToolCallError(name, result, \`tool \${name} returned no structuredContent\`);
  }
  return result.structuredContent;
}`
}

const TOOL_SCHEMAS = `/** A tool's schemas, embedded for runtime validation. */
export interface ToolSchemas {
  input: unknown;
  output?: unknown;
}`

const VALIDATION_ERROR = `/** Thrown when arguments or a structured result do not match the tool's schema. */
export class ToolValidationError extends Error {
  override readonly name = 'ToolValidationError';
  /** The raw tool name. */
  readonly tool: ToolName;
  readonly target: 'arguments' | 'structuredContent';
  readonly errors: OutputUnit[];

  constructor(tool: ToolName, target: 'arguments' | 'structuredContent', errors: OutputUnit[]) {
    super(\`invalid \${target} of tool \${tool}: \${errors.map((e) => \`\${e.instanceLocation} \${e.error}\`).join('; ')}\`);
    this.tool = tool;
    this.target = target;
    this.errors = errors;
  }
}`

const VALIDATORS = `const validators = /* @__PURE__ */ new WeakMap<object, Validator>();`

const VALIDATOR_FOR = `/** One compiled validator per schema; the dialect comes from \`$schema\` (JSON Schema 2020-12 by default). */
export function validatorFor(schema: unknown): Validator {
  if (typeof schema !== 'object' || schema === null) return new Validator(schema !== false);
  let validator = validators.get(schema);
  if (!validator) {
    const dialect = String((schema as { $schema?: unknown }).$schema ?? '');
    const draft: SchemaDraft = /draft-0[34]/.test(dialect)
      ? '4'
      : /draft-0[67]/.test(dialect)
        ? '7'
        : dialect.includes('2019-09')
          ? '2019-09'
          : '2020-12';
    validator = new Validator(schema as Schema, draft, false);
    validators.set(schema, validator);
  }
  return validator;
}`

const ASSERT_VALID = `function assertValid(tool: ToolName, target: 'arguments' | 'structuredContent', schema: unknown, value: unknown): void {
  const outcome = validatorFor(schema).validate(value);
  if (!outcome.valid) throw new ToolValidationError(tool, target, outcome.errors);
}`

const PROMPT_GETTER = `/** What the prompt functions need from a client: an @edgemcp/core \`McpClient\` has it. */
export interface PromptGetter {
  getPrompt(
    params: { name: string; arguments?: Record<string, string> },
    options?: RequestOptions,
  ): Promise<GetPromptResult>;
}`

const RESOURCE_READER = `/** What the resource functions need from a client: an @edgemcp/core \`McpClient\` has it. */
export interface ResourceReader {
  readResource(params: { uri: string }, options?: RequestOptions): Promise<ReadResourceResult>;
}`

const EXPAND_URI_TEMPLATE = `/** Expands an RFC 6570 URI template (levels 1–4); undefined variables are left out. */
export function expandUriTemplate(template: string, variables: object): string {
  const values = variables as Record<string, unknown>;
  return template.replace(/\\{([^{}]*)\\}/g, (_match: string, body: string) => {
    const op = /^[+#./;?&]/.test(body) ? body.charAt(0) : '';
    const first = op === '+' ? '' : op;
    const separator = op === '' || op === '+' || op === '#' ? ',' : op === '?' ? '&' : op;
    const named = op === ';' || op === '?' || op === '&';
    const encode = (text: string): string =>
      op === '+' || op === '#'
        ? encodeURI(text).replace(/%25([0-9A-Fa-f]{2})/g, '%$1')
        : encodeURIComponent(text).replace(/[!'()*]/g, (c) => \`%\${c.charCodeAt(0).toString(16).toUpperCase()}\`);
    const parts: string[] = [];
    for (const spec of (op ? body.slice(1) : body).split(',')) {
      const explode = spec.endsWith('*');
      const [name = '', max] = spec.replace(/\\*$/, '').split(':');
      const value = values[name];
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) {
        if (value.length === 0) continue;
        const items = value.map((item) => encode(String(item)));
        if (explode) parts.push(...items.map((item) => (named ? \`\${name}=\${item}\` : item)));
        else parts.push(\`\${named ? \`\${name}=\` : ''}\${items.join(',')}\`);
        continue;
      }
      const text = encode(max === undefined ? String(value) : String(value).slice(0, Number(max)));
      parts.push(named ? (text === '' && op === ';' ? name : \`\${name}=\${text}\`) : text);
    }
    return parts.length === 0 ? '' : first + parts.join(separator);
  });
}`

function decl(text: string, declares: Decl['declares'], uses: Decl['uses'] = {}): Decl {
  return { module: 'runtime', statement: textWriter(text), declares, uses }
}

/** The fixed helpers every generated client carries (some only with --validate / --with). */
export function runtimeDecls(model: CodegenModel): Decl[] {
  const out: Decl[] = [
    decl(REQUEST_OPTIONS, { types: ['RequestOptions'] }),
    decl(TOOL_CALLER, { types: ['ToolCaller'] }, { types: ['RequestOptions', 'CallToolResult'] }),
    decl(CALL_OPTIONS, { types: ['CallOptions'] }, { types: ['RequestOptions'] }),
    decl(TOOL_RESULT, { types: ['ToolResult'] }, { types: ['CallToolResult'] }),
    decl(TOOL_CONTENT, { types: ['ToolContent'] }, { types: ['CallToolResult'] }),
    decl(CALL_RESULT, { types: ['CallResult'] }),
    decl(
      TOOL_CALL_ERROR,
      { values: ['ToolCallError'], types: ['ToolCallError'] },
      { types: ['ToolName', 'CallToolResult'] },
    ),
  ]
  if (model.validate) {
    out.push(
      decl(TOOL_SCHEMAS, { types: ['ToolSchemas'] }),
      decl(
        VALIDATION_ERROR,
        { values: ['ToolValidationError'], types: ['ToolValidationError'] },
        { types: ['ToolName', 'OutputUnit'] },
      ),
      decl(VALIDATORS, { values: ['validators'] }, { values: ['Validator'], types: ['Validator'] }),
      decl(
        VALIDATOR_FOR,
        { values: ['validatorFor'] },
        { values: ['Validator', 'validators'], types: ['Validator', 'Schema', 'SchemaDraft'] },
      ),
      decl(
        ASSERT_VALID,
        { values: ['assertValid'] },
        { values: ['validatorFor', 'ToolValidationError'], types: ['ToolName'] },
      ),
    )
  }
  const tasks = model.tools.some((t) => t.taskSupport)
  if (tasks) {
    out.push(
      decl(TASK_CALL_OPTIONS, { types: ['TaskCallOptions'] }, { types: ['CallOptions'] }),
      decl(TOOL_TASK_HANDLE, { types: ['ToolTaskHandle'] }, { types: ['ToolTask', 'RequestOptions'] }),
      decl(TASK_OR, { types: ['TaskOr'] }, { types: ['ToolTaskHandle'] }),
      decl(
        START_TOOL_TASK,
        { values: ['startToolTask'] },
        {
          values: ['callToolTask'],
          types: ['ToolCaller', 'ToolName', 'RequestOptions', 'ToolTask', 'ToolTaskClient'],
        },
      ),
    )
  }
  out.push(
    decl(
      invokeToolText(model.validate, tasks),
      { values: ['invokeTool'] },
      {
        values: [
          'ToolCallError',
          ...(model.validate ? ['assertValid'] : []),
          ...(tasks ? ['startToolTask'] : []),
        ],
        types: [
          'ToolCaller',
          'ToolName',
          'CallOptions',
          ...(model.validate ? ['ToolSchemas'] : []),
          ...(tasks ? ['TaskCallOptions'] : []),
        ],
      },
    ),
  )
  if (model.prompts) {
    out.push(
      decl(PROMPT_GETTER, { types: ['PromptGetter'] }, { types: ['RequestOptions', 'GetPromptResult'] }),
    )
  }
  if (model.resourceTemplates) {
    out.push(
      decl(
        RESOURCE_READER,
        { types: ['ResourceReader'] },
        { types: ['RequestOptions', 'ReadResourceResult'] },
      ),
      decl(EXPAND_URI_TEMPLATE, { values: ['expandUriTemplate'] }),
    )
  }
  return out
}
