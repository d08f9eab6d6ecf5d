import { chromium } from '@playwright/test';
import { CHROME_ARGS } from './web-interactions';

/**
 * Where a phone's main thread goes while a page loads: Chromium at 4x CPU slowdown with Lighthouse's
 * mobile screen (412 x 823, touch), a performance trace (CDP Tracing with V8's sampling profiler)
 * from navigation until `settleMs` after the app marked the page interactive. Every task of 50 ms
 * and more on the page's main thread is listed with what ran in it: the trace events' self time
 * (script evaluation, style, layout, GC...) and the JavaScript samples by source module. With source
 * maps beside the chunks (`vite build --sourcemap`) samples are named by the module they ran in;
 * without, by the chunk only. Console errors (a hydration mismatch) are listed too.
 */
export interface TraceTask {
  /** From navigation start, ms. */
  startMs: number;
  durationMs: number;
  /** The first thing the task ran (what started it): 'EvaluateScript index-x.js', 'TimerFire', ... */
  cause: string;
  /** Self time by trace event, ms, largest first. */
  activities: [string, number][];
  /** JavaScript self time by source module (or chunk), ms, largest first. */
  modules: [string, number][];
  /** Time with the app's module on the stack (its components and hooks, and what they call), ms. */
  app: [string, number][];
  /** The outermost JavaScript functions of the task (what the browser called: a timer, a promise...), ms. */
  entries: [string, number][];
}

export interface TraceSummary {
  url: string;
  /** When the app marked the page interactive (html[data-interactive]), ms from navigation start. */
  interactiveMs: number;
  tasks: TraceTask[];
  /** Sum over tasks of (duration - 50 ms): the trace's own total blocking time at 4x, not Lighthouse's. */
  blockingMs: number;
  /** JavaScript self time by package or app folder over the whole trace, ms, largest first. */
  packages: [string, number][];
  /** What the page logged as errors (a hydration mismatch would be here). */
  errors: string[];
}

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      type?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
      documentLoaderURL?: string;
    };
    beginData?: { url?: string };
  };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'blink.user_timing',
  'loading',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

const LONG_TASK_US = 50_000;
const file = (url: string) => url.replace(/^.*\//, '').replace(/\?.*$/, '');
const sortDesc = (map: Map<string, number>, limit: number): [string, number][] =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([k, v]) => [k, Math.round(v / 100) / 10]);
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

function label(event: TraceEvent): string {
  const data = event.args?.data;
  switch (event.name) {
    case 'EvaluateScript':
      return `EvaluateScript ${file(data?.url ?? '')}`;
    case 'FunctionCall':
      return `FunctionCall ${file(data?.url ?? '')}${data?.functionName ? ` ${data.functionName}` : ''}`;
    case 'EventDispatch':
      return `EventDispatch ${data?.type ?? ''}`;
    case 'ParseHTML':
      return 'ParseHTML';
    default:
      return event.name;
  }
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * A source map's `mappings` decoded to what this needs: for each generated line, the segments'
 * columns and source files, so a sampled function's position names its source module.
 */
function sourcesByLine(map: { sources: string[]; mappings: string }): (pos: { line: number; column: number }) => string {
  const lines: { columns: number[]; sources: number[] }[] = [];
  let source = 0;
  for (const line of map.mappings.split(';')) {
    const columns: number[] = [];
    const sources: number[] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) source += values[1]!;
      columns.push(column);
      sources.push(values.length >= 4 ? source : -1);
    }
    lines.push({ columns, sources });
  }
  return ({ line, column }) => {
    const segments = lines[line];
    if (!segments) return '';
    let found = -1;
    for (let i = 0; i < segments.columns.length && segments.columns[i]! <= column; i++) found = segments.sources[i]!;
    return found >= 0 ? (map.sources[found] ?? '') : '';
  };
}

/** 'react-dom', '@tanstack/query-core', 'app: features/search', ... for a module path. */
function packageOf(module: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module);
  if (nm) return nm[1]!;
  const app = /(?:^|\/)src\/((?:[^/]+\/)?[^/]+)/.exec(module);
  if (app) return `app: ${app[1]!.replace(/\.[tj]sx?$/, '')}`;
  const pkg = /packages\/([^/]+)/.exec(module);
  return pkg ? `@rentdrive/${pkg[1]}` : module;
}

export async function traceLoad(url: string, chromePath: string, settleMs = 3000): Promise<TraceSummary> {
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROME_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text().slice(0, 200))));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url);
    await page.locator('html[data-interactive="true"]').waitFor({ state: 'attached', timeout: 60_000 });
    const interactiveAt = await page.evaluate(() => performance.now());
    await page.waitForTimeout(settleMs);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
    // The scripts' source maps, when the build wrote them, for the module of each sampled function.
    const scripts = new Map<string, (pos: { line: number; column: number }) => string>();
    const scriptUrls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.endsWith('.js')),
    );
    for (const scriptUrl of scriptUrls) {
      const res = await fetch(`${scriptUrl}.map`);
      const map =
        res.ok && (res.headers.get('content-type') ?? '').includes('json')
          ? ((await res.json()) as { sources: string[]; mappings: string })
          : null;
      if (map) scripts.set(scriptUrl, sourcesByLine(map));
    }
    await context.close();
    return { ...summarize(url, trace.traceEvents, interactiveAt, scripts), errors };
  } finally {
    await browser.close();
  }
}

function summarize(
  url: string,
  events: TraceEvent[],
  interactiveAt: number,
  scripts: Map<string, (pos: { line: number; column: number }) => string>,
): Omit<TraceSummary, 'errors'> {
  const origin = new URL(url).origin;
  // The page's main thread: the renderer thread that parsed our document.
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url?.startsWith(origin));
  if (!parse) throw new Error(`no ParseHTML of ${url} in the trace`);
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X' && e.dur !== undefined);
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.pid === parse.pid && e.args?.data?.documentLoaderURL?.startsWith(origin),
  );
  const navTs = nav?.ts ?? parse.ts;
  const isTask = (e: TraceEvent) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask';
  const tasks = onMain.filter((e) => isTask(e) && e.ts >= navTs).sort((a, b) => a.ts - b.ts);

  // The main thread's CPU profile: samples (time, node) from the Profile / ProfileChunk events.
  const samples: { ts: number; node: ProfileNode; nodes: Map<number, ProfileNode> }[] = [];
  // The profile of the page's main thread (a worker's, or another renderer's, would mix in).
  const profiles = new Map<string, { t: number; nodes: Map<number, ProfileNode>; isMain: boolean }>();
  for (const e of events) {
    if (e.name === 'Profile' && e.id) {
      profiles.set(e.id, { t: e.args?.data?.startTime ?? e.ts, nodes: new Map(), isMain: e.pid === parse.pid && e.tid === parse.tid });
    } else if (e.name === 'ProfileChunk' && e.id) {
      const profile = profiles.get(e.id);
      if (!profile?.isMain) continue;
      for (const node of e.args?.data?.cpuProfile?.nodes ?? []) profile.nodes.set(node.id, node);
      const ids = e.args?.data?.cpuProfile?.samples ?? [];
      const deltas = e.args?.data?.timeDeltas ?? [];
      ids.forEach((id, i) => {
        profile.t += deltas[i] ?? 0;
        const node = profile.nodes.get(id);
        if (node) samples.push({ ts: profile.t, node, nodes: profile.nodes });
      });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  const moduleOf = (frame: ProfileNode['callFrame']): string => {
    const special = frame.functionName.startsWith('(') ? frame.functionName : '';
    if (special) return special;
    const module = scripts.get(frame.url)?.({ line: frame.lineNumber, column: frame.columnNumber });
    return module || (frame.url ? file(frame.url) : frame.functionName || '(native)');
  };
  const short = (m: string) =>
    m
      .replace(/^.*node_modules\//, '')
      .replace(/^(\.\.\/)+/, '')
      .replace(/^.*?(apps\/web\/)?src\//, '');
  const jsIn = (
    from: number,
    to: number,
    into: Map<string, number>,
    key: (m: string) => string,
    app?: Map<string, number>,
    entries?: Map<string, number>,
  ) => {
    let i = samples.findIndex((s) => s.ts >= from);
    if (i < 0) return;
    for (; i < samples.length && samples[i]!.ts < to; i++) {
      const { node, ts, nodes } = samples[i]!;
      const next = samples[i + 1]?.ts ?? ts;
      const name = moduleOf(node.callFrame);
      if (name === '(idle)' || name === '(root)') continue;
      const us = Math.min(next, to) - ts;
      add(into, key(name), us);
      // Each app module on the stack once (inclusive time): which components the task rendered.
      const seen = new Set<string>();
      let outermost: ProfileNode | undefined;
      for (let n: ProfileNode | undefined = node; n && app; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
        const module = moduleOf(n.callFrame);
        if (/(^|\/)src\//.test(module) && !module.includes('node_modules')) seen.add(short(module));
        if (n.callFrame.url) outermost = n;
      }
      for (const module of seen) add(app!, module, us);
      if (outermost && entries)
        add(entries, `${outermost.callFrame.functionName || '(anonymous)'} ${short(moduleOf(outermost.callFrame))}`, us);
    }
  };

  const long: TraceTask[] = [];
  for (const task of tasks.filter((t) => t.dur! >= LONG_TASK_US)) {
    const end = task.ts + task.dur!;
    const inside = onMain
      .filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Self time of each event: its duration less its direct children's.
    const self = new Map<string, number>();
    const stack: { end: number; key: string; self: number }[] = [];
    const pop = (until: number) => {
      while (stack.length && stack[stack.length - 1]!.end <= until) {
        const done = stack.pop()!;
        add(self, done.key, done.self);
      }
    };
    for (const e of inside) {
      pop(e.ts);
      if (stack.length) stack[stack.length - 1]!.self -= e.dur!;
      stack.push({ end: e.ts + e.dur!, key: label(e), self: e.dur! });
    }
    pop(Infinity);
    const modules = new Map<string, number>();
    const app = new Map<string, number>();
    const entries = new Map<string, number>();
    jsIn(task.ts, end, modules, short, app, entries);
    long.push({
      startMs: Math.round((task.ts - navTs) / 1000),
      durationMs: Math.round(task.dur! / 1000),
      cause: inside[0] ? label(inside[0]) : '(nothing traced)',
      activities: sortDesc(self, 4),
      modules: sortDesc(modules, 5),
      app: sortDesc(app, 6),
      entries: sortDesc(entries, 2),
    });
  }
  const packages = new Map<string, number>();
  jsIn(navTs, Infinity, packages, packageOf);
  return {
    url,
    interactiveMs: Math.round(interactiveAt),
    tasks: long,
    blockingMs: long.reduce((sum, t) => sum + t.durationMs - 50, 0),
    packages: sortDesc(packages, 12),
  };
}

/** The summary as Markdown: one row per long task, then the JavaScript by package. */
export function printTrace(label: string, summary: TraceSummary): void {
  const cell = (items: [string, number][]) => items.map(([k, v]) => `${k} ${v}`).join('; ');
  console.log(
    `\nLong tasks, ${label} (Chromium, 4x CPU, 412 px): ${summary.tasks.length} of 50 ms or more, ${summary.blockingMs} ms over 50 ms; interactive at ${summary.interactiveMs} ms`,
  );
  console.log(
    '| Start (ms) | Duration (ms) | Started by | Outermost script (ms) | Self time by event (ms) | JavaScript by module (ms) | App modules on the stack (ms) |',
  );
  console.log('|---:|---:|---|---|---|---|---|');
  for (const t of summary.tasks) {
    console.log(
      `| ${t.startMs} | ${t.durationMs} | ${t.cause} | ${cell(t.entries)} | ${cell(t.activities)} | ${cell(t.modules)} | ${cell(t.app)} |`,
    );
  }
  console.log(`JavaScript by package over the load (ms): ${cell(summary.packages)}`);
  if (summary.errors.length) console.log(`Console errors: ${summary.errors.join(' | ')}`);
}
