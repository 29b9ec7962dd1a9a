/** Prints `rows` as an aligned two-column table under a title (what each script reports). */
export function printTable(title: string, rows: Array<[string, string | number]>): void {
  const width = Math.max(...rows.map(([k]) => k.length))
  console.log(`\n${title}`)
  for (const [k, v] of rows)
    console.log(`  ${k.padEnd(width)}  ${typeof v === 'number' ? v.toLocaleString('en-US') : v}`)
}

export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`
export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KiB`

/** Command-line `--name value` options with defaults. */
export function cliNumber(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN
  return Number.isFinite(v) ? v : fallback
}

export const cliString = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback
}

/** Whether this module is the script Node was started with. */
export const isMain = (metaUrl: string): boolean =>
  process.argv[1] !== undefined && new URL(metaUrl).pathname === process.argv[1]
