// Helpers shared by edgemcp's own tests (private: never published).
export { expectEveryScoredScenarioPassed } from './conformance.js'
export type { ScoredSummary } from './conformance.js'
export { MODERN, modernMeta, withModernMeta } from './meta.js'
export { delay, eventually } from './wait.js'
