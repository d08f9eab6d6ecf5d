import { HubConnectionState } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, TEST_PASSWORD } from '../../../test/factories';
import { buildChatConnection, once, startListeningApp, type ListeningApp } from '../../../test/helpers/chat';
import { sessions } from '../../db/schema/index';

let server: ListeningApp;
beforeAll(async () => {
  server = await startListeningApp({ overrides: { realtimeOptions: { sessionRecheckMs: 100 } } });
});
afterAll(async () => {
  await server.close();
});

describe('hub connections and sessions', () => {
  it('closes the connections of a session at once when it signs out, long before the periodic check', async () => {
    const slow = await startListeningApp({ database: server.database, overrides: { realtimeOptions: { sessionRecheckMs: 600_000 } } });
    try {
      const alice = await createUser(server.database);
      const cookie = await signIn(server.database, alice);
      const connection = buildChatConnection(slow.baseUrl, { cookie });
      const otherSession = buildChatConnection(slow.baseUrl, { cookie: await signIn(server.database, alice) });
      await Promise.all([connection.start(), otherSession.start()]);
      const closed = once<Error | undefined>((resolve) => connection.onclose((error) => resolve(error)));

      const logout = await slow.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
      expect(logout.statusCode).toBe(200);
      expect((await closed)?.message).toMatch(/session has ended/);
      expect(otherSession.state).toBe(HubConnectionState.Connected);
      await otherSession.stop();
    } finally {
      await slow.app.close();
    }
  });

  it("closes the other sessions' connections when the password changes", async () => {
    const slow = await startListeningApp({ database: server.database, overrides: { realtimeOptions: { sessionRecheckMs: 600_000 } } });
    try {
      const alice = await createUser(server.database);
      const current = await signIn(server.database, alice);
      const elsewhere = buildChatConnection(slow.baseUrl, { cookie: await signIn(server.database, alice) });
      const here = buildChatConnection(slow.baseUrl, { cookie: current });
      await Promise.all([elsewhere.start(), here.start()]);
      const closed = once<Error | undefined>((resolve) => elsewhere.onclose((error) => resolve(error)));

      const changed = await slow.app.inject({
        method: 'POST',
        url: '/api/account/update-password',
        headers: { cookie: current },
        payload: { currentPassword: TEST_PASSWORD, newPassword: 'N3wPassword', confirmPassword: 'N3wPassword' },
      });
      expect(changed.statusCode).toBe(200);
      expect((await closed)?.message).toMatch(/session has ended/);
      expect(here.state).toBe(HubConnectionState.Connected);
      await here.stop();
    } finally {
      await slow.app.close();
    }
  });

  it('ends the connections of a session that was signed out, and only those', async () => {
    const alice = await createUser(server.database);
    const bob = await createUser(server.database);
    const aliceConnection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, alice) });
    const bobConnection = buildChatConnection(server.baseUrl, { cookie: await signIn(server.database, bob) });
    await Promise.all([aliceConnection.start(), bobConnection.start()]);
    const closed = once<Error | undefined>((resolve) => aliceConnection.onclose((error) => resolve(error)));

    await server.database.db.delete(sessions).where(eq(sessions.userId, alice.id));
    expect((await closed)?.message).toMatch(/session has ended/);

    expect(bobConnection.state).toBe(HubConnectionState.Connected);
    await bobConnection.invoke('SendMessage', alice.id, 'still here');
    await bobConnection.stop();
  });
});
