import { complete } from './methods/completion.js'
import { setLevel } from './methods/lifecycle.js'
import { getPrompt, listPrompts } from './methods/prompts.js'
import {
  listResources,
  listResourceTemplates,
  readResource,
  subscribe,
  unsubscribe,
} from './methods/resources.js'
import { listen } from './methods/subscriptions.js'
import { Audience } from './audience.js'
import type { EngineFeatures } from './core.js'
import { handleBatch, handleLegacy, receiveOnSession } from './legacy.js'
import { askOnSession } from './legacy-ask.js'
import { defineMethod, type MethodTable } from './method-table.js'
import { runMrtrRound } from './mrtr-round.js'
import { MrtrSigner } from './mrtr-state.js'
import { CALL_TOOL, DISCOVER, LIST_TOOLS } from './tool-methods.js'

/** Methods of both eras. */
const SHARED: MethodTable = {
  'tools/list': LIST_TOOLS,
  'tools/call': CALL_TOOL,
  'resources/list': defineMethod(listResources, 'resources', { cacheable: true }),
  'resources/templates/list': defineMethod(listResourceTemplates, 'resources', {
    cacheable: true,
    reusable: true,
  }),
  'resources/read': defineMethod(readResource, 'resources', { cacheable: true, input: true }),
  'prompts/list': defineMethod(listPrompts, 'prompts', { cacheable: true, reusable: true }),
  'prompts/get': defineMethod(getPrompt, 'prompts', { input: true }),
  'completion/complete': defineMethod(complete, 'completions'),
}

/**
 * Everything `McpServer` answers and carries: every method of both eras, legacy sessions, MRTR input rounds,
 * and an audience (sessions and listeners) told of changes.
 * (A lighter server installs less: `tools-only.ts`.)
 */
export const ALL_FEATURES: EngineFeatures = {
  modern: {
    ...SHARED,
    'server/discover': DISCOVER,
    'subscriptions/listen': defineMethod(listen),
  },
  legacyRequest: handleLegacy,
  batch: handleBatch,
  legacy: {
    methods: {
      ...SHARED,
      ping: defineMethod(() => ({})),
      'logging/setLevel': defineMethod(setLevel, 'logging'),
      'resources/subscribe': defineMethod(subscribe, 'resources'),
      'resources/unsubscribe': defineMethod(unsubscribe, 'resources'),
    },
    receive: receiveOnSession,
    ask: askOnSession,
  },
  mrtr: {
    round: runMrtrRound,
    signer: (secret) => new MrtrSigner(secret),
  },
  audience: (options) => new Audience(options),
}
