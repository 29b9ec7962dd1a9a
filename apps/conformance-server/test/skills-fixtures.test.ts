import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { skillsFromDirectory } from '@edgemcp/core/skills'
import { describe, expect, it } from 'vitest'
import { createConformanceServer } from '../src/create-server.js'
import { SKILL_PATHS } from '../src/fixtures/skills.js'
import { modern } from './drive.js'

const skillsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'skills')

describe('the skills fixtures', () => {
  it('lists exactly the files of the skills/ folder (the Worker fetches these as static assets)', () => {
    const onDisk = fs
      .readdirSync(skillsDir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(skillsDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort()
    expect(onDisk).toEqual([...SKILL_PATHS].sort())
  })

  it('serves every fixture file, read from disk, in a skills/list entry', async () => {
    const server = createConformanceServer({ skills: skillsFromDirectory(skillsDir) })
    const { result } = await modern(server, 'skills/list')
    const body = result.body as unknown as {
      result: { skills: Array<{ resources: Array<{ uri: string }> }> }
    }
    const uris = body.result.skills.flatMap((s) => s.resources.map((r) => r.uri)).sort()
    expect(uris).toEqual(SKILL_PATHS.map((p) => `skill://${p}`).sort())
  })
})
