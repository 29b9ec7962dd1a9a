import { McpServer } from '@edgemcp/core'
import type { SkillSource } from '@edgemcp/core/skills'
import { createMemoryTaskStore, type TaskExtensionOptions, taskExtension } from '@edgemcp/core/tasks'
import { type FixtureHooks, registerFixtures } from './fixtures/index.js'
import { registerSkills } from './fixtures/skills.js'

export interface ConformanceServerOptions {
  /** Secret for MRTR requestState signatures; random per process when absent. */
  mrtrSecret?: string | undefined
  /** Transport controls for fixtures; may be filled in after creation. */
  hooks?: FixtureHooks
  /** The skills fixture folder's files (SEP-2640); no skills extension when absent. */
  skills?: SkillSource | undefined
  /**
   * The tasks extension (SEP-2663) and the task fixture tools; on unless `false`. Off for tests that enumerate
   * the scored tools only (codegen's round trip). Tasks live in an in-memory store and run in this process,
   * unless a `store` and `runner` are given (on Workers: `durableTasks(env)` of @edgemcp/workers).
   */
  tasks?: boolean | Pick<TaskExtensionOptions, 'store' | 'runner'> | undefined
}

/** The McpServer with every conformance fixture registered. */
export function createConformanceServer(options: ConformanceServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'edgemcp-conformance-server', title: 'edgemcp conformance server', version: '0.0.0' },
    {
      mrtrSecret: options.mrtrSecret,
      tasks:
        options.tasks === false
          ? undefined
          : taskExtension(
              typeof options.tasks === 'object' ? options.tasks : { store: createMemoryTaskStore() },
            ),
    },
  )
  registerFixtures(server, options.hooks, { tasks: options.tasks !== false })
  if (options.skills) registerSkills(server, options.skills)
  return server
}
