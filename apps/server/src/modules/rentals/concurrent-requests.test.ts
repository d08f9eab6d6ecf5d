import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVehicle } from '../../../test/factories';
import { createFundedUser, expectLedgerConsistent, meBalances, rent, topUp } from '../../../test/helpers/money';
import { createTestApp, type TestApp } from '../../../test/test-app';

// Runs on the embedded database too (the default runtime): overlapping requests must queue, not break.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockStart: '2026-06-01T10:00:00Z' });
});
afterAll(async () => {
  await t.close();
});

describe('overlapping money requests', () => {
  it('ten clients renting the same day at once: one wins, nine get 409, the ledger stays whole', async () => {
    const owner = await createFundedUser(t, 0);
    const vehicle = await createVehicle(t.database, { ownerId: owner.user.id, pricePerDayCents: 2_000 });
    const clients = [];
    for (let i = 0; i < 10; i++) clients.push(await createFundedUser(t, 50));
    const results = await Promise.all([
      ...clients.map((c) => rent(t.app, c.cookie, vehicle.id, ['2026-06-07'])),
      ...clients.map((c) => topUp(t.app, c.cookie, 5)),
    ]);
    const rentStatuses = results.slice(0, 10).map((r) => r.statusCode);
    expect(rentStatuses.filter((s) => s === 200)).toHaveLength(1);
    expect(rentStatuses.filter((s) => s === 409)).toHaveLength(9);
    expect(results.slice(10).every((r) => r.statusCode === 200)).toBe(true);
    const balances = await Promise.all(clients.map((c) => meBalances(t.app, c.cookie)));
    expect(balances.map((b) => b.balance).sort((a, b) => a - b)).toEqual([35, ...Array(9).fill(55)]);
    await expectLedgerConsistent(t.database);
  });
});
