// wrangler bundles `.html` files as Text modules (its default module rules): their content as a string.
declare module '*.html' {
  const html: string
  export default html
}
