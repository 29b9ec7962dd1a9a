import type { ConsentDescription } from '@cloudflare/workers-oauth-provider'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title><body style="font-family:system-ui;max-width:36rem;margin:3rem auto">${body}</body></html>`

/**
 * The sign-in and consent page of the sample's authorization server. Signing in is a name, no password: a
 * sample. A real deployment puts its own sign-in here (or an upstream provider, see workers-oauth-provider's
 * docs/upstream-sign-in.md) and keeps the consent part: who asks, where the tokens go, which scopes.
 * Everything that came from the client is escaped.
 */
export function consentPage(details: ConsentDescription, handle: string, problem?: string): string {
  const name = escapeHtml(details.clientName)
  const origin = details.clientDomain
    ? `Published by <strong>${escapeHtml(details.clientDomain)}</strong>.`
    : 'This app registered itself: its name is not verified.'
  const scopes = details.scope
    .map(
      (s) =>
        `<label><input type="checkbox" name="scope" value="${escapeHtml(s)}" checked> ${escapeHtml(s)}</label><br>`,
    )
    .join('')
  return page(
    `Allow ${details.clientName}?`,
    `<h1>Allow ${name} to use this server?</h1>
<p>${origin} Access goes to <strong>${escapeHtml(details.redirectHost)}</strong>.</p>
${details.redirectIsLoopback ? '<p><strong>That is an app on your computer.</strong> Continue only if you just started signing in from it.</p>' : ''}
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post">
<input type="hidden" name="handle" value="${escapeHtml(handle)}">
<p><label>Sign in as <input name="user" autocomplete="username" required pattern="[A-Za-z0-9._-]{1,64}"></label></p>
<p>${scopes}</p>
<p><button name="decision" value="approve">Allow</button> <button name="decision" value="deny">Deny</button></p>
</form>`,
  )
}

/** A page for an authorization request that cannot be answered with a redirect (untrusted client or URI). */
export function errorPage(message: string): Response {
  return new Response(page('Sign-in failed', `<h1>Sign-in failed</h1><p>${escapeHtml(message)}</p>`), {
    status: 400,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  })
}
