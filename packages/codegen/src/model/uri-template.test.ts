import { expect, it } from 'vitest'
import { templateVariables } from './uri-template.js'

it('reads variables, their optionality and explosion', () => {
  expect(templateVariables('repo://{owner}/{repo}/contents{/path*}{?ref,depth:3}{&x}')).toEqual([
    { name: 'owner', optional: false, explode: false },
    { name: 'repo', optional: false, explode: false },
    { name: 'path', optional: false, explode: true },
    { name: 'ref', optional: true, explode: false },
    { name: 'depth', optional: true, explode: false },
    { name: 'x', optional: true, explode: false },
  ])
  expect(templateVariables('static://x')).toEqual([])
})
