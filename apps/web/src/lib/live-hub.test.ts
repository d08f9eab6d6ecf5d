import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeHub } from '../test/fake-signalr';
import { HUB_RECONNECTED, HubEvents, stopLiveHub, useHubEvent, useLiveHub, useLiveHubStatus } from './live-hub';
import { HubNotConnectedError, invokeHub, reconnectHub } from './live-hub-calls';

vi.mock('@microsoft/signalr', async () => (await import('../test/fake-signalr')).fakeSignalRModule);

const ALICE = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';

/** The layout's part (useLiveHub) and a listener's view: the status and the events heard. */
function renderTab(userId: string | null) {
  const heard: string[] = [];
  const result = renderHook(
    ({ user }: { user: string | null }) => {
      useLiveHub(user);
      useHubEvent(HUB_RECONNECTED, () => heard.push('reconnected'));
      useHubEvent(HubEvents.presenceChanged, (change: { userId: string; online: boolean }) =>
        heard.push(`presence ${change.userId} ${change.online}`),
      );
      return useLiveHubStatus();
    },
    { initialProps: { user: userId } },
  );
  return { ...result, heard };
}

const connected = (result: { current: string }) => vi.waitFor(() => expect(result.current).toBe('connected'));

beforeEach(() => {
  fakeHub.reset();
  fakeHub.answer = (method, args) => Promise.resolve({ method, args });
});

describe('the live hub', () => {
  it('opens one connection for the signed-in user and answers invocations over it', async () => {
    const { result } = renderTab(ALICE);
    expect(result.current).toBe('connecting');
    await connected(result);
    expect(fakeHub.built).toHaveLength(1);
    expect(await invokeHub('WatchPresence', [BOB])).toEqual({ method: 'WatchPresence', args: [[BOB]] });
    expect(fakeHub.built[0]!.invocations).toEqual([{ method: 'WatchPresence', args: [[BOB]] }]);
  });

  it('passes PresenceChanged pushes to listeners', async () => {
    const { result, heard } = renderTab(ALICE);
    await connected(result);
    act(() => fakeHub.built[0]!.push('PresenceChanged', { userId: BOB, online: false }));
    expect(heard).toEqual([`presence ${BOB} false`]);
  });

  it('refuses invocations at once while not connected, sending nothing', async () => {
    await expect(invokeHub('SendMessage', BOB, 'hi')).rejects.toBeInstanceOf(HubNotConnectedError);
    const { result } = renderTab(ALICE);
    await connected(result);
    act(() => fakeHub.built[0]!.drop());
    expect(result.current).toBe('reconnecting');
    await expect(invokeHub('SendMessage', BOB, 'hi')).rejects.toThrow("Not connected to the server: 'SendMessage' was not sent.");
    expect(fakeHub.built[0]!.invocations).toEqual([]);
  });

  it('says reconnecting while the client retries, and tells listeners once it is back', async () => {
    const { result, heard } = renderTab(ALICE);
    await connected(result);
    expect(heard).toEqual([]);
    act(() => fakeHub.built[0]!.drop());
    expect(result.current).toBe('reconnecting');
    act(() => fakeHub.built[0]!.restore());
    expect(result.current).toBe('connected');
    expect(heard).toEqual(['reconnected']);
  });

  it('starts a new connection on reconnectHub once the retries gave up, and only then', async () => {
    const { result, heard } = renderTab(ALICE);
    await connected(result);
    act(() => reconnectHub());
    expect(fakeHub.built).toHaveLength(1);

    act(() => fakeHub.built[0]!.giveUp());
    expect(result.current).toBe('disconnected');
    act(() => reconnectHub());
    expect(result.current).toBe('connecting');
    await connected(result);
    expect(fakeHub.built).toHaveLength(2);
    expect(fakeHub.built[0]!.stopped).toBe(true);
    expect(heard).toEqual(['reconnected']);
    expect(await invokeHub('SendMessage', BOB, 'hi')).toEqual({ method: 'SendMessage', args: [BOB, 'hi'] });
    expect(fakeHub.built[1]!.invocations).toHaveLength(1);
  });

  it('stops the connection on sign-out and opens a new one for the next user', async () => {
    const { result, rerender } = renderTab(ALICE);
    await connected(result);
    rerender({ user: null });
    expect(result.current).toBe('off');
    expect(fakeHub.built[0]!.stopped).toBe(true);
    await expect(invokeHub('SendMessage', BOB, 'hi')).rejects.toBeInstanceOf(HubNotConnectedError);
    act(() => reconnectHub());
    expect(fakeHub.built).toHaveLength(1);

    rerender({ user: BOB });
    await connected(result);
    expect(fakeHub.open()).toHaveLength(1);
    expect(fakeHub.built).toHaveLength(2);
  });

  it('stops at once when signing out begins, before the session is gone, and a drop then never reconnects', async () => {
    const { result, rerender } = renderTab(ALICE);
    await connected(result);
    await act(() => stopLiveHub());
    expect(result.current).toBe('off');
    expect(fakeHub.open()).toEqual([]);
    await expect(invokeHub('SendMessage', BOB, 'hi')).rejects.toBeInstanceOf(HubNotConnectedError);
    // The session query then says signed out: nothing more opens.
    rerender({ user: null });
    expect(fakeHub.built).toHaveLength(1);
  });

  // Last: the tab then remembers to negotiate.
  it('opens a WebSocket without negotiate first, negotiates when that fails, and keeps negotiating in the tab', async () => {
    const { result } = renderTab(ALICE);
    await connected(result);
    expect(fakeHub.built[0]!.options).toMatchObject({ skipNegotiation: true, transport: 1, withCredentials: true });

    act(() => fakeHub.built[0]!.giveUp());
    fakeHub.failStarts = [true];
    act(() => reconnectHub());
    await connected(result);
    expect(fakeHub.built).toHaveLength(3);
    expect(fakeHub.built[1]!.options).toMatchObject({ skipNegotiation: true });
    expect(fakeHub.built[2]!.options).toEqual({ withCredentials: true });

    act(() => fakeHub.built[2]!.giveUp());
    act(() => reconnectHub());
    await connected(result);
    expect(fakeHub.built).toHaveLength(4);
    expect(fakeHub.built[3]!.options).toEqual({ withCredentials: true });
  });
});
