// The test host page's script (bundled for the browser by host-server.ts): the OFFICIAL host library,
// AppBridge of @modelcontextprotocol/ext-apps, renders the sample's MCP App. An MCP client of the official SDK
// talks to the Worker (through the page's origin); the bridge forwards the View's tools/call to it.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge'

const log = (line) => {
  document.getElementById('log').textContent += `${line}\n`
}

async function main() {
  const client = new Client(
    { name: 'edgemcp-test-host', version: '1.0.0' },
    {
      capabilities: {
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      },
    },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', location.href)))
  const { tools } = await client.listTools()
  const tool = tools.find((t) => t.name === 'show_notes_board')
  const uri = tool?._meta?.ui?.resourceUri
  const { contents } = await client.readResource({ uri })
  const view = contents[0]
  log(`read ${view.uri} ${view.mimeType}`)

  const iframe = document.createElement('iframe')
  iframe.id = 'app'
  // The View in a sandbox of its own (an opaque origin), as hosts render untrusted HTML.
  iframe.setAttribute('sandbox', 'allow-scripts')
  iframe.style.cssText = 'width: 480px; height: 360px; border: 1px solid #888'
  document.body.append(iframe)

  const bridge = new AppBridge(
    client,
    { name: 'edgemcp-test-host', version: '1.0.0' },
    { serverTools: {}, serverResources: {}, logging: {} },
    { hostContext: { theme: 'light', displayMode: 'inline', platform: 'web' } },
  )
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${height}px`
  }
  bridge.oninitialized = async () => {
    log('view initialized')
    // What a host does when the model calls the tool: the arguments, then the result, to the View.
    await bridge.sendToolInput({ arguments: {} })
    const result = await client.callTool({ name: tool.name, arguments: {} })
    await bridge.sendToolResult(result)
    log('tool result sent')
  }
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow))
  iframe.srcdoc = view.text
}

main().catch((e) => {
  log(`error: ${e?.stack ?? e}`)
})
