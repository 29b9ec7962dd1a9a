import type { BuildOptions, BuildResult } from 'esbuild'

export declare const OURS_ENTRY: string
export declare function buildWorker(
  options: BuildOptions,
): Promise<BuildResult<{ write: false; metafile: true }>>
