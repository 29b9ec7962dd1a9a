import { HOST_SCRIPT } from './host-script.js'
import { SCRIPT } from './script.js'
import { STYLE } from './style.js'

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page: a shell the script fills from the server (`server/discover` and the lists). */
export function explorerHtml(o: {
  endpoint: string
  title: string | undefined
  nonce: string
  sandboxUrl: string
}): string {
  const title = escapeHtml(o.title ?? 'MCP explorer')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<style nonce="${o.nonce}">${STYLE}</style>
</head><body>
<header><h1 id="server-title">${title}</h1><p id="server-version" class="muted"></p>
<p id="instructions"></p></header>
<main>
<section aria-labelledby="connection-h"><h2 id="connection-h">Connection</h2>
<p>Endpoint: <code id="endpoint" data-path="${escapeHtml(o.endpoint)}" data-sandbox="${escapeHtml(o.sandboxUrl)}">${escapeHtml(o.endpoint)}</code></p>
<form id="connect" class="row">
<label for="token">Bearer token <span class="muted">(if the server needs one)</span></label>
<input id="token" type="password" autocomplete="off" spellcheck="false">
<button type="submit">Connect</button>
</form>
<p id="status" role="status" aria-live="polite">Connecting…</p>
</section>
<section aria-labelledby="tools-h"><h2 id="tools-h">Tools</h2><div id="tools" class="list"></div></section>
<section aria-labelledby="resources-h"><h2 id="resources-h">Resources</h2><div id="resources" class="list"></div>
<h3>Resource templates</h3><div id="templates" class="list"></div></section>
<section aria-labelledby="prompts-h"><h2 id="prompts-h">Prompts</h2><div id="prompts" class="list"></div></section>
<section aria-labelledby="snippets-h"><h2 id="snippets-h">Connect a client</h2><div id="snippets"></div></section>
</main>
<script nonce="${o.nonce}">(() => {
'use strict'
${SCRIPT}
${HOST_SCRIPT}
load()
})()</script>
</body></html>
`
}
