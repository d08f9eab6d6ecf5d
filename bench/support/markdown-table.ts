import os from 'node:os';
import type { EndpointRow } from './run-autocannon';

/** A number with thousands separators and a fixed number of decimals. */
export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The 1/5/15-minute load averages: other work on the machine changes the figures a lot. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

/** Prints the endpoint rows as a Markdown table, preceded by an empty line. */
export function printEndpointTable(rows: EndpointRow[]): void {
  console.log('\n| Database | Endpoint | Requests/s | p50 (ms) | p99 (ms) | Requests | Failed |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.endpoint} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.requests)} | ${fmt(r.failures)} |`,
    );
  }
}
