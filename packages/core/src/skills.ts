// @edgemcp/core/skills: the skills extension (SEP-2640). A subpath of its own, so servers without skills (and
// the core barrel) carry neither it nor the YAML parser it uses.

export { serveSkills, SKILLS_EXTENSION } from './skills/serve.js'
export type { ServeSkillsOptions, SkillSource } from './skills/serve.js'
export { skillsFromAssets, skillsFromDirectory } from './skills/sources.js'
export type { AssetFetcher } from './skills/sources.js'
export type { SkillFiles } from './skills/files.js'
export type { DirectoryChild, SkillEntry, SkillResource } from './skills/catalog.js'
