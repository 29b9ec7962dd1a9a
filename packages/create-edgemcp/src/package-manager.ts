/** The package manager that ran us (`npm create`, `pnpm create`, `yarn create`, `bun create`), from its user agent. */
export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun'

export function packageManager(userAgent: string | undefined): PackageManager {
  const name = userAgent?.split('/')[0]
  return name === 'pnpm' || name === 'yarn' || name === 'bun' ? name : 'npm'
}

/** `npm run dev`, `pnpm dev`, … */
export const runCommand = (pm: PackageManager, script: string): string =>
  pm === 'npm' ? `npm run ${script}` : `${pm} ${script === 'test' ? 'test' : `run ${script}`}`

export const installCommand = (pm: PackageManager): string => `${pm} install`
