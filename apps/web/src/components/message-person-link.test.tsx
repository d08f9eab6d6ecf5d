import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Account } from '@rentdrive/contracts/account';
import { jsonResponse, onEndpoint, stubEndpoints } from '../test/fetch-stub';
import { renderWithApp } from '../test/render';
import { MessagePersonLink } from './message-person-link';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const OWNER = { userId: '00000000-0000-4000-8000-0000000000b0', username: 'bob' };

describe('MessagePersonLink', () => {
  it('is no link until the session is known (a click then does nothing), then sends a visitor to log in', async () => {
    let answerSession: (response: Response) => void = () => undefined;
    stubEndpoints([onEndpoint(Account.session, () => new Promise<Response>((resolve) => (answerSession = resolve)) as never)]);
    renderWithApp(
      <MessagePersonLink {...OWNER} subject="vehicle:1" draft="Hello bob">
        Message owner
      </MessagePersonLink>,
    );
    const waiting = screen.getByText('Message owner');
    expect(waiting.closest('a')).toHaveAttribute('aria-disabled', 'true');
    expect(waiting.closest('a')).not.toHaveAttribute('href');
    expect(screen.queryByRole('link', { name: 'Message owner' })).toBeNull();
    await userEvent.click(waiting);
    expect(screen.queryByText('Other page')).toBeNull();

    answerSession(jsonResponse({ user: null }));
    const link = await screen.findByRole('link', { name: 'Message owner' });
    expect(link).toHaveAttribute('href', '/login');
    await userEvent.click(link);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
  });
});
