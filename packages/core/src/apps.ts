// @edgemcp/core/apps: MCP Apps (SEP-1865, `io.modelcontextprotocol/ui`). A subpath of its own, so a server
// without apps carries none of it.

export { APP_MIME_TYPE, APPS_EXTENSION } from './apps/types.js'
export type { AppCsp, AppPermissions, AppResourceUi, AppToolUi, AppVisibility } from './apps/types.js'
export { AppRegistrationError, registerAppResource, registerAppTool } from './apps/register.js'
export type { AppHtml, AppResourceOptions, AppToolDefinition } from './apps/register.js'
export { appClientCapabilities, clientSupportsApps } from './apps/support.js'
export { auditApps } from './apps/audit.js'
export type { AppAudit, AppAuditSource } from './apps/audit.js'
