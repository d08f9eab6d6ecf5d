import autocannon from 'autocannon';

/** One measured endpoint: a row of the benchmarks' Markdown table. */
export interface EndpointRow {
  database: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
}

export interface AutocannonRun {
  database: string;
  endpoint: string;
  connections: number;
  seconds: number;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Paths requested round-robin instead of `url`'s own path. */
  paths?: string[];
}

/** Runs autocannon (load generated in one worker thread) and summarizes it; non-2xx, errors and timeouts count as failures. */
export async function runAutocannon(run: AutocannonRun): Promise<EndpointRow> {
  const { database, endpoint, connections, seconds, paths, ...request } = run;
  const result = await autocannon({
    ...request,
    connections,
    duration: seconds,
    workers: 1,
    ...(paths ? { requests: paths.map((p) => ({ method: 'GET' as const, path: p })) } : {}),
  });
  return {
    database,
    endpoint,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}
