/** The MCP Apps extension's identifier (SEP-1865) under `capabilities.extensions`. */
export const APPS_EXTENSION = 'io.modelcontextprotocol/ui'

/** The MIME type of an HTML app resource (the only one the 2026-01-26 specification defines). */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app'

/** Who may call an app tool: the model (the agent's tool list) and/or the app (its View, through the host). */
export type AppVisibility = 'model' | 'app'

/** Origins the View needs (a host builds its Content Security Policy from them). Omitted: none. */
export interface AppCsp {
  /** fetch / XHR / WebSocket origins (`connect-src`). */
  connectDomains?: string[] | undefined
  /** Scripts, images, styles, fonts, media (`img-src`, `script-src` …); `https://*.example.com` allowed. */
  resourceDomains?: string[] | undefined
  /** Nested iframes (`frame-src`). */
  frameDomains?: string[] | undefined
  /** The document's base URIs (`base-uri`). */
  baseUriDomains?: string[] | undefined
}

/** Browser features the View asks for (hosts may grant them through the iframe's `allow` attribute). */
export interface AppPermissions {
  camera?: Record<string, never> | undefined
  microphone?: Record<string, never> | undefined
  geolocation?: Record<string, never> | undefined
  clipboardWrite?: Record<string, never> | undefined
}

/** An app resource's `_meta.ui`: security and rendering settings for the host. */
export interface AppResourceUi {
  csp?: AppCsp | undefined
  permissions?: AppPermissions | undefined
  /** A dedicated sandbox origin; its format is the host's (see the host's documentation). */
  domain?: string | undefined
  /** `true`: the host draws a border and background; `false`: none; omitted: the host decides. */
  prefersBorder?: boolean | undefined
}

/** An app tool's `_meta.ui`: the View that renders its results, and who may call it. */
export interface AppToolUi {
  /** The `ui://` URI of an app resource registered on the same server. */
  resourceUri: string
  /** Default `['model', 'app']`; `['app']` keeps the tool from the model (the View's own actions). */
  visibility?: AppVisibility[] | undefined
}
