import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { modernMeta } from '@edgemcp/test-helpers'
import { describe, expect, it } from 'vitest'
import { McpServer } from '../server/mcp-server.js'
import { rawPeer } from '../../test/helpers/raw-peer.js'
import { serveSkills, SKILLS_EXTENSION } from './serve.js'
import { skillsFromDirectory } from './sources.js'

const meta = { _meta: modernMeta() }

const PDF_MD = '---\nname: pdf\ndescription: Reads PDFs.\nmetadata:\n  tags: [a, b]\n---\n# PDF\n'
const FILES = {
  'pdf/SKILL.md': PDF_MD,
  'pdf/references/FORMS.md': '# Forms\n',
  'pdf/assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe]),
  'team/notes/SKILL.md': '---\nname: notes\ndescription: Takes notes.\n---\nWrite them down.\n',
  'README.md': 'not part of any skill',
}
const PDF_SIZE = Buffer.byteLength(PDF_MD)
const sha = (data: string | Uint8Array) => `sha256:${createHash('sha256').update(data).digest('hex')}`

async function peerFor(files: Parameters<typeof serveSkills>[1]['files'], pageSize?: number) {
  const server = new McpServer({ name: 'skills', version: '1.0.0' }, { pageSize })
  serveSkills(server, { files })
  const peer = await rawPeer(server)
  return { server, request: (method: string, params = {}) => peer.request(method, { ...meta, ...params }) }
}

describe('serveSkills', () => {
  it('loads nothing until a request needs the skills, then declares the extension and resources', async () => {
    let loads = 0
    const { request } = await peerFor(() => {
      loads++
      return FILES
    })
    const discovered = await request('server/discover')
    expect(discovered.result.capabilities.extensions).toEqual({ [SKILLS_EXTENSION]: { directoryRead: true } })
    expect(discovered.result.capabilities.resources).toBeDefined()
    expect(loads).toBe(0)
    await request('skills/list')
    await request('skills/list')
    expect(loads).toBe(1)
  })

  it('lists every skill with its frontmatter and each file’s digest and size', async () => {
    const { request } = await peerFor(FILES)
    const { result } = await request('skills/list')
    expect(result).toMatchObject({ resultType: 'complete', cacheScope: 'private' })
    expect(result.ttlMs).toBeTypeOf('number')
    expect(result.skills).toEqual([
      {
        uri: 'skill://pdf/SKILL.md',
        frontmatter: { name: 'pdf', description: 'Reads PDFs.', metadata: { tags: ['a', 'b'] } },
        resources: [
          { uri: 'skill://pdf/SKILL.md', digest: sha(PDF_MD), size: Buffer.byteLength(PDF_MD) },
          { uri: 'skill://pdf/assets/logo.png', digest: sha(FILES['pdf/assets/logo.png']), size: 6 },
          { uri: 'skill://pdf/references/FORMS.md', digest: sha('# Forms\n'), size: 8 },
        ],
      },
      expect.objectContaining({ uri: 'skill://team/notes/SKILL.md' }),
    ])
    const listed = await request('resources/list')
    expect(listed.result.resources).toEqual([
      {
        uri: 'skill://pdf/SKILL.md',
        name: 'pdf',
        description: 'Reads PDFs.',
        mimeType: 'text/markdown',
        size: PDF_SIZE,
      },
      expect.objectContaining({ uri: 'skill://team/notes/SKILL.md', name: 'notes' }),
    ])
  })

  it('pages skills/list without splitting an entry, and skills/get answers one skill or -32602', async () => {
    const { request } = await peerFor(FILES, 1)
    const first = await request('skills/list')
    expect(first.result.skills).toHaveLength(1)
    const second = await request('skills/list', { cursor: first.result.nextCursor })
    expect(second.result.skills.map((s: { uri: string }) => s.uri)).toEqual(['skill://team/notes/SKILL.md'])
    expect(second.result.nextCursor).toBeUndefined()

    const got = await request('skills/get', { uri: 'skill://pdf/SKILL.md' })
    expect(got.result.skill).toEqual(first.result.skills[0])
    expect(got.result.nextCursor).toBeUndefined()
    expect(got.result.ttlMs).toBeTypeOf('number')
    expect((await request('skills/get', { uri: 'skill://nope/SKILL.md' })).error.code).toBe(-32602)
    expect((await request('skills/get', {})).error.code).toBe(-32602)
  })

  it('reads text files as text, other bytes as a blob, and refuses files it does not serve', async () => {
    const { request } = await peerFor(FILES)
    const md = await request('resources/read', { uri: 'skill://pdf/SKILL.md' })
    expect(md.result.contents).toEqual([
      { uri: 'skill://pdf/SKILL.md', mimeType: 'text/markdown', text: PDF_MD },
    ])
    const png = await request('resources/read', { uri: 'skill://pdf/assets/logo.png' })
    expect(png.result.contents[0]).toMatchObject({ mimeType: 'image/png' })
    expect(Buffer.from(png.result.contents[0].blob, 'base64')).toEqual(
      Buffer.from(FILES['pdf/assets/logo.png']),
    )
    for (const uri of ['skill://README.md', 'skill://pdf/../README.md', 'skill://pdf'])
      expect((await request('resources/read', { uri })).error.code, uri).toBe(-32602)
  })

  it('reads directories: direct children, subdirectories as inode/directory, pages, -32602 for a file', async () => {
    const { request } = await peerFor(FILES, 2)
    const first = await request('resources/directory/read', { uri: 'skill://pdf/' })
    const rest = await request('resources/directory/read', {
      uri: 'skill://pdf',
      cursor: first.result.nextCursor,
    })
    expect([...first.result.resources, ...rest.result.resources]).toEqual([
      { uri: 'skill://pdf/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown', size: PDF_SIZE },
      { uri: 'skill://pdf/assets', name: 'assets', mimeType: 'inode/directory' },
      { uri: 'skill://pdf/references', name: 'references', mimeType: 'inode/directory' },
    ])
    const team = await request('resources/directory/read', { uri: 'skill://team' })
    expect(team.result.resources).toEqual([
      { uri: 'skill://team/notes', name: 'notes', mimeType: 'inode/directory' },
    ])
    for (const uri of ['skill://pdf/SKILL.md', 'skill://elsewhere'])
      expect((await request('resources/directory/read', { uri })).error.code, uri).toBe(-32602)
  })

  it('names every broken skill in one error, and tries again on the next request', async () => {
    let files: Record<string, string> = {
      'bad/SKILL.md': 'no frontmatter',
      'Wrong_Name/SKILL.md': '---\nname: Wrong_Name\ndescription: x\n---\n',
      'other/SKILL.md': '---\nname: something-else\n---\n',
    }
    const { request } = await peerFor(() => files)
    const failed = await request('skills/list')
    expect(failed.error.code).toBe(-32603)
    files = { 'good/SKILL.md': '---\nname: good\ndescription: Fine.\n---\n' }
    const ok = await request('skills/list')
    expect(ok.result.skills.map((s: { uri: string }) => s.uri)).toEqual(['skill://good/SKILL.md'])
  })

  it('withholds the directory method when directoryRead is false', async () => {
    const server = new McpServer({ name: 'skills', version: '1.0.0' })
    const registration = serveSkills(server, { files: FILES, directoryRead: false })
    const peer = await rawPeer(server)
    const caps = (await peer.request('server/discover', meta)).result.capabilities
    expect(caps.extensions).toEqual({ [SKILLS_EXTENSION]: {} })
    const read = await peer.request('resources/directory/read', { ...meta, uri: 'skill://pdf' })
    expect(read.error.code).toBe(-32601)
    registration.remove()
    expect(server.capabilities().extensions).toBeUndefined()
    expect((await peer.request('skills/list', meta)).error.code).toBe(-32601)
  })
})

describe('skillsFromDirectory', () => {
  it('reads a folder on disk (nested, bytes as they are), skipping dot files', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edgemcp-skills-'))
    try {
      fs.mkdirSync(path.join(dir, 'pdf', 'references'), { recursive: true })
      fs.writeFileSync(path.join(dir, 'pdf', 'SKILL.md'), PDF_MD)
      fs.writeFileSync(path.join(dir, 'pdf', 'references', 'FORMS.md'), '# Forms\n')
      fs.writeFileSync(path.join(dir, 'pdf', '.DS_Store'), 'junk')
      const files = await skillsFromDirectory(dir)()
      expect(Object.keys(files).sort()).toEqual(['pdf/SKILL.md', 'pdf/references/FORMS.md'])
      expect(new TextDecoder().decode(files['pdf/SKILL.md'] as Uint8Array)).toBe(PDF_MD)
      await expect(skillsFromDirectory(path.join(dir, 'missing'))()).rejects.toThrow(/ENOENT/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
