import type { BuildOptions, BuildResult, Metafile, Plugin } from 'esbuild'

export declare const OURS: BuildOptions
export declare const OURS_WITH_TASKS: BuildOptions
export declare const OURS_WITH_APPS: BuildOptions
export declare const withoutBoard: Plugin
export declare function buildWorker(
  options: BuildOptions,
): Promise<BuildResult<{ write: false; metafile: true }>>
export declare function measureWorker(
  options: BuildOptions,
): Promise<{ code: string; minified: number; gzipped: number; meta: Metafile }>
export declare function minimalWorker(options?: {
  withValidator?: boolean
  streaming?: boolean
}): BuildOptions
export declare const MCP_LITE: { minified: number; gzipped: number }
export declare const GOAL: { minified: number; gzipped: number }
export declare const CEILING: Record<
  'ours' | 'tasks' | 'apps' | 'sampleApp' | 'minimal' | 'minimalStreaming',
  { minified: number; gzipped: number }
>
