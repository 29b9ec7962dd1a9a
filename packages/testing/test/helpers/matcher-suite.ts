import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type McpTestClient, ToolCallError } from '../../src/index.js'

/**
 * The same matcher suite for every harness: `makeClient` returns a test client of the file server (see
 * fixtures/file-server.mjs) serving a folder with hello.txt and notes.md, speaking `protocolVersion`.
 */
export function defineMatcherSuite(
  harness: string,
  makeClient: (protocolVersion: string) => McpTestClient,
  revisions: string[] = ['2025-11-25', '2026-07-28'],
): void {
  describe.each(revisions)(`${harness}, protocol %s`, (revision) => {
    let app: McpTestClient
    /** The revision in use: `revision`, or what 'auto' settled on. */
    let version: string

    beforeAll(async () => {
      app = makeClient(revision)
      await app.initialize()
      version = app.protocolVersion!
    })
    afterAll(async () => {
      await app.close()
    })

    it('initializes in the era of the revision', () => {
      const init = app.getInitializeResult()
      expect(init).toBeValidMCPResponse()
      if (revision !== 'auto') expect(init.protocolVersion).toBe(revision)
      expect(init.serverInfo.name).toBe('file-server')
      expect(init.instructions).toMatch(/files/)
      expect(app.protocolVersion).toBe(init.protocolVersion)
      expect(app.era).toBe(version === '2026-07-28' ? 'modern' : 'legacy')
      if (version === '2026-07-28') expect(init.supportedVersions).toContain('2026-07-28')
      expect(app.supportsTools() && app.supportsResources() && app.supportsPrompts()).toBe(true)
      // The completions capability exists from 2025-03-26.
      expect(app.supportsCompletions()).toBe(version >= '2025-03-26')
    })

    it('toHaveTool / toHaveResource / toHavePrompt on the server', async () => {
      await expect(app).toHaveTool('read_file')
      await expect(app).not.toHaveTool('delete_everything')
      await expect(app).toHaveResource('config.json')
      await expect(app).toHaveResource('files://project')
      await expect(app).not.toHaveResource('secrets.txt')
      await expect(app).toHavePrompt('summarize_file')
      await expect(app).not.toHavePrompt('nope')
    })

    it('toHaveTool on a list, failing with the names the server has', async () => {
      const tools = await app.getTools()
      expect(tools).toHaveTool('write_file')
      await expect(expect(app).toHaveTool('delete_everything')).rejects.toThrow(
        /to have tool "delete_everything"; it has: "read_file", "write_file", "list_directory"$/,
      )
    })

    it('callTool returns a valid result; toHaveToolError tells success from tool errors', async () => {
      const result = await app.callTool('read_file', { path: 'hello.txt' })
      expect(result.content).toEqual([{ type: 'text', text: 'Hello world' }])
      expect(result).toBeValidMCPResponse()
      expect(result).not.toHaveToolError()
      const missing = await app.callTool('read_file', { path: 'missing.txt' })
      expect(missing).toHaveToolError()
      await expect(app.callTool('read_file', { path: 'missing.txt' })).toHaveToolError()
    })

    it('a JSON-RPC error rejects callTool with ToolCallError; toHaveMCPError checks the code', async () => {
      const failing = app.callTool('no_such_tool', {})
      await expect(failing).rejects.toBeInstanceOf(ToolCallError)
      await expect(failing).toHaveMCPError()
      // Invalid arguments: a JSON-RPC error before 2025-11-25, a tool execution error from it.
      const invalid = app.callTool('read_file', { path: 42 })
      if (version >= '2025-11-25') await expect(invalid).toHaveToolError()
      else await expect(invalid).toHaveMCPError(-32602)
      const error = await app.callTool('no_such_tool').catch((e: unknown) => e as ToolCallError)
      expect(error.message).toMatch(/tools\/call of tool "no_such_tool" \(request id \d+\)/)
      expect(error).toHaveMCPError()
      expect(error.response).toBeValidMCPResponse()
    })

    it('raw requests give responses for toBeValidMCPResponse and toHaveMCPError', async () => {
      const list = await app.request('tools/list')
      expect(list).toBeValidMCPResponse()
      expect(list).not.toHaveMCPError()
      const unknown = await app.request('no/such/method')
      expect(unknown).toBeValidMCPResponse()
      expect(unknown).toHaveMCPError(-32601)
      const read = await app.request('resources/read', { uri: 'file:///config.json' })
      expect(read).toBeValidMCPResponse()
    })

    it('toMatchToolOutputSchema validates structuredContent against the tool outputSchema', async () => {
      const listing = await app.callTool('list_directory', {})
      const integers = {
        type: 'object',
        properties: { entries: { type: 'array', items: { type: 'integer' } } },
      }
      if (version < '2025-06-18') {
        // structuredContent and outputSchema arrived in 2025-06-18: the server leaves them out before.
        expect(listing.structuredContent).toBeUndefined()
        expect(() => expect(listing).toMatchToolOutputSchema()).toThrow(
          /tool "list_directory" declares no outputSchema/,
        )
        return
      }
      expect(listing.structuredContent).toEqual({
        entries: expect.arrayContaining(['hello.txt', 'notes.md']),
      })
      expect(listing).toMatchToolOutputSchema()
      expect(listing).not.toMatchToolOutputSchema(integers)
      expect(() => expect(listing).toMatchToolOutputSchema(integers)).toThrow(
        /match the outputSchema of the given schema, but:\n {2}- entries\.0: .*integer/,
      )
      const [tool] = (await app.getTools()).filter((t) => t.name === 'list_directory')
      expect(listing).toMatchToolOutputSchema(tool)
    })

    it('reads resources and templates, gets prompts and completes arguments', async () => {
      const config = await app.readResource('file:///config.json')
      expect(config).toBeValidMCPResponse()
      expect(config.contents[0]?.mimeType).toBe('application/json')
      const templates = await app.getResourceTemplates()
      expect(templates.map((t) => t.uriTemplate)).toEqual(['file:///{path}'])
      expect(await app.hasResourceTemplate('file')).toBe(true)
      const viaTemplate = await app.readResource('file:///notes.md')
      expect(viaTemplate.contents[0]?.text).toBe('# Notes\n')
      const prompt = await app.getPrompt('summarize_file', { path: 'hello.txt' })
      expect(prompt).toBeValidMCPResponse()
      expect(prompt.messages[0]?.content.text).toContain('Hello world')
      const byPrompt = await app.completePrompt('summarize_file', 'path', 'he')
      expect(byPrompt.completion.values).toEqual(['hello.txt'])
      const byTemplate = await app.completeResourceTemplate('file:///{path}', 'path', 'no')
      expect(byTemplate.completion.values).toEqual(['notes.md'])
      expect(byTemplate).toBeValidMCPResponse()
    })

    it('writes then reads a file', async () => {
      const name = `written-${revision}-${Math.random().toString(36).slice(2)}.txt`
      await app.callTool('write_file', { path: name, content: 'fresh' })
      const back = await app.callTool('read_file', { path: name })
      expect(back.content[0]?.text).toBe('fresh')
    })
  })
}
