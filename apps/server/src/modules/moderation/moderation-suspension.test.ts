import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createVehicle, signIn } from '../../../test/factories';
import { buildChatConnection, once, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';

let server: ListeningApp;
beforeAll(async () => {
  // A periodic session check long after the test: only the suspension itself can close the connection.
  server = await startListeningApp({ overrides: { realtimeOptions: { sessionRecheckMs: 600_000 } } });
});
afterAll(() => server.close());

const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  server.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function reportAndDecide(targetType: 'user' | 'vehicle', targetId: string, action: string, reason: string) {
  const reporter = await createUser(server.database);
  const employee = await createUser(server.database, { isCompanyEmployee: true });
  const employeeCookie = await signIn(server.database, employee);
  const report = await inject('POST', '/api/reports', await signIn(server.database, reporter), {
    targetType,
    targetId,
    reason: 'fraud',
    details: 'Scam.',
  });
  expect(report.statusCode).toBe(200);
  const decided = await inject('POST', `/api/moderation/reports/${report.json<{ id: string }>().id}/decision`, employeeCookie, {
    action,
    reason,
  });
  expect(decided.statusCode).toBe(200);
}

describe('a suspension on the hub and in search', () => {
  it("closes the suspended user's hub connections at once and refuses a new one", async () => {
    const suspect = await createUser(server.database);
    const cookie = await signIn(server.database, suspect);
    const connection = buildChatConnection(server.baseUrl, { cookie });
    await connection.start();
    const closed = once<Error | undefined>((resolve) => connection.onclose((error) => resolve(error)));

    await reportAndDecide('user', suspect.id, 'suspend-user', 'Threats in chat.');
    expect((await closed)?.message).toMatch(/session has ended/);

    const again = buildChatConnection(server.baseUrl, { cookie });
    await expect(again.start()).rejects.toThrow();
  });

  it('leaves a hidden listing out of the search and the existing client’s lists, and brings it back when restored', async () => {
    const owner = await createUser(server.database);
    const vehicle = await createVehicle(server.database, { ownerId: owner.id, make: 'Hiddenmake', model: 'Zeta' });
    const listed = async () => {
      const all = (await inject('GET', '/api/vehicle/all')).json<{ id: string }[]>().map((v) => v.id);
      const search = (await inject('POST', '/api/vehicle/search', undefined, {})).json<{
        vehicles?: { id: string }[];
        items?: { id: string }[];
      }>();
      const found = (await inject('GET', '/api/vehicle/search-vehicles?searchQuery=Hiddenmake')).json<unknown>();
      return {
        all: all.includes(vehicle.id),
        search: JSON.stringify(search).includes(vehicle.id),
        text: JSON.stringify(found).includes(vehicle.id),
      };
    };
    expect(await listed()).toEqual({ all: true, search: true, text: true });

    await reportAndDecide('vehicle', vehicle.id, 'hide-listing', 'Counterfeit papers.');
    expect(await listed()).toEqual({ all: false, search: false, text: false });

    await reportAndDecide('vehicle', vehicle.id, 'restore-listing', 'Papers checked.');
    expect(await listed()).toEqual({ all: true, search: true, text: true });
  });
});
