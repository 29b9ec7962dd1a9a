// What @microlabs/otel-cf-workers 1.0.0-rc.52 imports from `@opentelemetry/semantic-conventions/incubating`,
// which wrangler.jsonc aliases here. Its bundle must not depend on which semantic-conventions the workspace
// hoists: 1.45 no longer exports ATTR_FAAS_TIME, and the entry's path inside node_modules changes with every
// install. These are the attribute names and values of the conventions (stable strings), nothing more.
export const ATTR_FAAS_TRIGGER = 'faas.trigger'
export const FAAS_TRIGGER_VALUE_PUBSUB = 'pubsub'
export const ATTR_FAAS_CRON = 'faas.cron'
export const ATTR_FAAS_TIME = 'faas.time'
export const FAAS_TRIGGER_VALUE_TIMER = 'timer'
export const ATTR_MESSAGING_DESTINATION_NAME = 'messaging.destination.name'
export const ATTR_RPC_MESSAGE_ID = 'rpc.message.id'
