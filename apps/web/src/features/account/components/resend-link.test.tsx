import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountRecovery } from '@rentdrive/contracts/account-recovery';
import { endpointResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { PendingEmail } from './pending-email';

afterEach(() => vi.unstubAllGlobals());

/** The server: a new address waiting for its link, and how it answers 'send again'. */
function serve(resend: () => Response) {
  const sent: string[] = [];
  stubFetch((url) => {
    if (url.includes('/api/account/email-status'))
      return endpointResponse(AccountRecovery.emailStatus, { email: 'alice@example.com', verified: true, pendingEmail: 'new@example.com' });
    sent.push(url);
    return resend();
  });
  return sent;
}

describe("the e-mail notices' 'send the link again' (duplicates D5: one component for both)", () => {
  it('sends once, says a new link is on its way, and cannot be pressed again', async () => {
    const sent = serve(() => endpointResponse(AccountRecovery.resendVerification, { accepted: true }, 202));
    renderWithApp(<PendingEmail />);
    const button = await screen.findByRole('button', { name: 'Send the link again' });
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('A new link is on its way.');
    expect(button).toBeDisabled();
    expect(sent).toHaveLength(1);
  });

  it("shows the server's reason when it refuses", async () => {
    serve(() => jsonResponse({ title: 'Too Many Requests', status: 429, detail: 'Please wait a minute before asking again.' }, 429));
    renderWithApp(<PendingEmail />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait a minute before asking again.');
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });
});
