/** A form found in an HTML page: where it goes and the fields a browser would send. */
export interface HtmlForm {
  action: string
  method: 'GET' | 'POST'
  /** Hidden, text, checked checkbox/radio and textarea fields, in document order. */
  fields: Array<[string, string]>
  /** Named submit buttons: a browser sends the one pressed. */
  buttons: Array<[string, string]>
}

const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const m of tag.replace(/^<\w+/, '').matchAll(ATTRIBUTE))
    out.set((m[1] ?? '').toLowerCase(), decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''))
  return out
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|#39);/gi, (_, e: string) => {
    const lower = e.toLowerCase()
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16))
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)))
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[lower] ?? ''
  })
}

/**
 * The first form of an HTML page, read the simple way a test needs (no scripts, no nested forms): enough for
 * the sign-in and consent pages of authorization servers a test drives.
 */
export function firstForm(html: string): HtmlForm | undefined {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html)
  if (!form) return undefined
  const attrs = attributes(/<form\b[^>]*>/i.exec(form[0])?.[0] ?? '')
  const fields: Array<[string, string]> = []
  const buttons: Array<[string, string]> = []
  for (const m of (form[1] ?? '').matchAll(
    /<textarea\b[^>]*>([\s\S]*?)<\/textarea>|<(input|button)\b[^>]*>/gi,
  )) {
    const a = attributes(/^<\w+\b[^>]*>/.exec(m[0])?.[0] ?? '')
    const name = a.get('name')
    if (!name) continue
    const kind = (m[2] ?? 'textarea').toLowerCase()
    const type = (a.get('type') ?? (kind === 'button' ? 'submit' : 'text')).toLowerCase()
    if (kind === 'textarea') fields.push([name, decodeEntities(m[1] ?? '')])
    else if (type === 'submit') buttons.push([name, a.get('value') ?? ''])
    else if ((type === 'checkbox' || type === 'radio') && !a.has('checked')) continue
    else if (type !== 'button' && type !== 'reset' && type !== 'file' && type !== 'image')
      fields.push([name, a.get('value') ?? (type === 'checkbox' ? 'on' : '')])
  }
  return {
    action: attrs.get('action') ?? '',
    method: (attrs.get('method') ?? 'get').toUpperCase() === 'POST' ? 'POST' : 'GET',
    fields,
    buttons,
  }
}
