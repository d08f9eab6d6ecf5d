import { describe, expect, it } from 'vitest';
import { coalesced } from './coalesced';

/** A run the test finishes by hand. */
function manualWork() {
  const runs: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const work = () => new Promise<void>((resolve, reject) => runs.push({ resolve, reject }));
  return { runs, work };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('coalesced', () => {
  it('gives callers that arrive during a run the next run, shared, and never the one in flight', async () => {
    const { runs, work } = manualWork();
    const call = coalesced(work);
    const done: string[] = [];
    void call().then(() => done.push('a'));
    await settle();
    expect(runs).toHaveLength(1);
    void call().then(() => done.push('b'));
    void call().then(() => done.push('c'));
    await settle();
    // b and c arrived while the first run was in flight: they wait for a second, shared run.
    expect(runs).toHaveLength(1);
    runs[0]!.resolve();
    await settle();
    expect(done).toEqual(['a']);
    expect(runs).toHaveLength(2);
    runs[1]!.resolve();
    await settle();
    expect(done).toEqual(['a', 'b', 'c']);
    // Idle again: the next caller starts a run of its own at once.
    void call();
    await settle();
    expect(runs).toHaveLength(3);
  });

  it('shares one run among the callers of the same turn', async () => {
    const { runs, work } = manualWork();
    const call = coalesced(work);
    const all = Promise.all([call(), call(), call()]);
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve();
    await all;
  });

  it('with two runs allowed, starts a new run for late callers at once while an older one is still out', async () => {
    const { runs, work } = manualWork();
    const call = coalesced(work, 2);
    const done: string[] = [];
    void call().then(() => done.push('a'));
    await settle();
    void call().then(() => done.push('b'));
    void call().then(() => done.push('c'));
    await settle();
    expect(runs).toHaveLength(2);
    // A third batch waits for a free slot, still in a run that starts after it arrived.
    void call().then(() => done.push('d'));
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve();
    await settle();
    expect(done).toEqual(['b', 'c']);
    expect(runs).toHaveLength(3);
    runs[0]!.resolve();
    runs[2]!.resolve();
    await settle();
    expect(done).toEqual(['b', 'c', 'a', 'd']);
  });

  it('reports a failed run to its callers and still runs again for the ones queued behind it', async () => {
    const { runs, work } = manualWork();
    const call = coalesced(work);
    const first = call();
    await settle();
    const second = call();
    runs[0]!.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve();
    await expect(second).resolves.toBeUndefined();
  });
});
