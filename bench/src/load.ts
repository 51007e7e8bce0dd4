/** A closed-loop load generator: `concurrency` workers issue requests back to back for `requests` in all. */
export interface LoadResult {
  name: string;
  requests: number;
  concurrency: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function runLoad(
  name: string,
  options: { requests: number; concurrency: number },
  request: (worker: number) => Promise<boolean>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, worker) => {
      while (issued < options.requests) {
        issued += 1;
        const t0 = performance.now();
        const ok = await request(worker).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    concurrency: options.concurrency,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

export function printTable(results: LoadResult[]): void {
  console.log('| scenario | requests | concurrency | req/s | p50 ms | p99 ms | errors |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.requests} | ${r.concurrency} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} |`,
    );
  }
}
