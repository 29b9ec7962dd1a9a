export default {
  fetch: () => new Response('auth client test worker'),
} satisfies ExportedHandler
