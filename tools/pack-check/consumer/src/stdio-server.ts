// A stdio server that, like the official server-everything, does not exit at the end of its stdin: only a
// signal ends it. @edgemcp/testing's close() must still resolve.
import { serveStdio } from '@edgemcp/stdio'
import { createServer } from './server.js'

await serveStdio(createServer(), { signals: [], exit: false })
setInterval(() => {}, 60_000)
