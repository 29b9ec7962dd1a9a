/**
 * Issue 33 (a clean-clone CI run, 2026-12-02): wrangler reloaded the Worker under a long test mid-run, and
 * the test reported the requests that failed then as findings. A long test runs its checks through
 * `unlessRestarted`: a failure seen while the dev server reloaded says "dev server restarted" instead.
 */

/** A failure seen while the dev server reloaded the Worker: says nothing about the Worker. */
export class DevServerRestartedError extends Error {
  override readonly name = 'DevServerRestartedError'
  constructor(
    readonly restarts: number,
    cause: unknown,
  ) {
    super(
      `dev server restarted (wrangler reloaded the Worker ${restarts}× during the run): not a finding; the failure: ${
        cause instanceof Error ? cause.message : String(cause)
      }`,
      { cause },
    )
  }
}

/**
 * Runs `run`. When it fails and the dev server reloaded the Worker meanwhile (`dev.reloads()` grew), it fails
 * with a `DevServerRestartedError` (the original failure as its `cause`) instead; otherwise as `run` does.
 */
export async function unlessRestarted<T>(
  dev: { reloads: () => number },
  run: () => Promise<T> | T,
): Promise<T> {
  const before = dev.reloads()
  try {
    return await run()
  } catch (error) {
    const restarts = dev.reloads() - before
    if (restarts > 0) throw new DevServerRestartedError(restarts, error)
    throw error
  }
}
