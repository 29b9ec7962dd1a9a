import { fileURLToPath } from 'node:url'

/**
 * apps/worker-server of this repository (the sample Worker on @edgemcp/workers), which the load and fuzz tools
 * run under `wrangler dev` with @edgemcp/tools-wrangler-dev.
 */
export const WORKER_APP = fileURLToPath(new URL('../../../../apps/worker-server', import.meta.url))
