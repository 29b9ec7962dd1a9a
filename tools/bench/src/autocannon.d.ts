// The slice of autocannon's programmatic API that load.mjs uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string
    method?: string
    headers?: Record<string, string>
    body?: string
    connections?: number
    duration?: number
    requests?: Array<{ setupRequest?: (req: Request) => Request }>
  }
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }
  export interface Histogram {
    average: number
    mean: number
    p50: number
    p99: number
  }
  export interface Result {
    requests: Histogram
    latency: Histogram
    '2xx': number
    non2xx: number
    errors: number
    timeouts: number
  }
  export interface Instance {
    on(
      event: 'response',
      listener: (client: unknown, status: number, bytes: number, ms: number) => void,
    ): void
  }
  function autocannon(options: Options, cb: (err: Error | null, result: Result) => void): Instance
  export default autocannon
}
