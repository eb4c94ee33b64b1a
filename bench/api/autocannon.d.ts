/**
 * The part of autocannon 9's API the benches use (the package ships no types, and adding
 * @types/autocannon is not worth a dependency for this).
 */
declare module 'autocannon' {
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  export interface Client {
    setHeaders(headers: Record<string, string>): void;
    setHeadersAndBody(headers: Record<string, string>, body: string): void;
  }

  export interface Options {
    url: string;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds. */
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: Client) => void;
  }

  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
  }

  /** A running load (the callback form): an event emitter. */
  export interface Instance {
    /** Every response, with its latency in ms. */
    on(
      event: 'response',
      listener: (client: Client, statusCode: number, bytes: number, responseTime: number) => void,
    ): this;
  }

  function autocannon(options: Options): Promise<Result>;
  function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance;
  export default autocannon;
}
