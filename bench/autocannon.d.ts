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
    /** Several: the connections are spread over them in turn. */
    url: string | string[]
    /** What each connection sends, in turn (instead of GET url). */
    requests?: Array<{ method: string; path: string; headers?: Record<string, string>; body?: string }>
    connections?: number
    duration?: number
    expectBody?: string
  }

  export interface Result {
    requests: Histogram
    latency: Histogram
    errors: number
    mismatches: number
    non2xx: number
  }

  /** Resolves with aggregated histograms only on a main thread (off it, they stay encoded). */
  export default function autocannon(options: Options): Promise<Result>
}
