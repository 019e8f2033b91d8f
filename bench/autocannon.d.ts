// autocannon ships no types and there is no @types package installed: the part the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p99: number
  }

  export interface Options {
    url: string
    connections?: number
    duration?: number
    expectBody?: string
  }

  export interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    timeouts: number
    mismatches: number
    non2xx: number
  }

  /** Off the main thread the promise yields raw encoded histograms, and aggregateResult decodes them. */
  export type RawResult = Omit<Result, 'requests' | 'latency'>

  const autocannon: {
    (options: Options): Promise<RawResult>
    aggregateResult(results: RawResult[], options: Options): Result
  }
  export default autocannon
}
