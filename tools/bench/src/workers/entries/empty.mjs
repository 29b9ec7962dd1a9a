// The smallest Worker: the cold-start baseline (what workerd costs before any script of ours). It answers every
// request with an empty JSON object, which the harness reads but does not check.
export default { fetch: () => new Response('{}', { headers: { 'content-type': 'application/json' } }) }
