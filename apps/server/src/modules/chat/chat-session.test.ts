import { HubConnectionState } from '@microsoft/signalr';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../test/factories';
import { sessions } from '../../db/schema/index';
import { buildChatConnection, once, startListeningApp, type ListeningApp } from './chat-test-helpers';

let server: ListeningApp;
beforeAll(async () => {
  server = await startListeningApp({ overrides: { realtimeOptions: { sessionRecheckMs: 100 } } });
});
afterAll(async () => {
  await server.close();
});

describe('hub connections and sessions', () => {
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
