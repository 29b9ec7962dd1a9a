import { describe, expect, it } from 'vitest'
import { firstForm } from './html-form.js'

describe('firstForm', () => {
  it('reads action, method, the fields a browser sends and the submit buttons', () => {
    const form = firstForm(`<!doctype html><h1>Allow &quot;x&quot;?</h1>
      <form method="post" action='/authorize?step=2'>
        <input type="hidden" name="handle" value="h&amp;1">
        <input name=user placeholder="name">
        <label><input type="checkbox" name="scope" value="notes:read" checked> read</label>
        <label><input type="checkbox" name="scope" value="notes:write"> write</label>
        <textarea name="note">hi &lt;you&gt;</textarea>
        <button name="decision" value="approve">Allow</button> <button name="decision" value="deny">Deny</button>
      </form><form action="/other"></form>`)
    expect(form).toEqual({
      action: '/authorize?step=2',
      method: 'POST',
      fields: [
        ['handle', 'h&1'],
        ['user', ''],
        ['scope', 'notes:read'],
        ['note', 'hi <you>'],
      ],
      buttons: [
        ['decision', 'approve'],
        ['decision', 'deny'],
      ],
    })
    expect(firstForm('<p>no form</p>')).toBeUndefined()
  })
})
