// Registers the MCP matchers: `import '@edgemcp/testing/vitest-setup'` in a test or a Vitest setup file.
import { expect } from 'vitest'
import { mcpMatchers } from './matchers/index.js'

expect.extend(mcpMatchers)
