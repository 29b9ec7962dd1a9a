// The consumer test with the peers at their newest versions (test/consumer.ts; the other variant runs beside it).
import { consumerSuite } from './consumer.js'

consumerSuite('newest')
