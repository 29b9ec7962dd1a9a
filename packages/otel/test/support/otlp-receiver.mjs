// A minimal OTLP/HTTP receiver, run as a process of its own by the tests: it accepts OTLP JSON on
// /v1/traces and /v1/metrics, keeps what it decoded, and answers GET /received with all of it. Prints
// `listening <port>` once ready; exits on SIGTERM.
import { createServer } from 'node:http'

const received = { traces: [], metrics: [] }

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    if (req.method === 'GET' && req.url === '/received') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received))
      return
    }
    const kind = req.url === '/v1/traces' ? 'traces' : req.url === '/v1/metrics' ? 'metrics' : undefined
    if (req.method !== 'POST' || !kind) {
      res.writeHead(404).end()
      return
    }
    if (!String(req.headers['content-type']).startsWith('application/json')) {
      res.writeHead(415).end('OTLP JSON only')
      return
    }
    try {
      received[kind].push(JSON.parse(Buffer.concat(chunks).toString('utf8')))
    } catch {
      res.writeHead(400).end('not JSON')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
  })
})
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`))
process.on('SIGTERM', () => server.close(() => process.exit(0)))
