import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MailEndpoints } from '@rentdrive/contracts/mail';
import { endpointResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { UnsubscribePanel } from './unsubscribe-panel';

afterEach(() => vi.unstubAllGlobals());

describe('the unsubscribe page (issue 25)', () => {
  it('changes nothing on load, and switches the kind off on the button, with the one-click POST', async () => {
    const fetchMock = stubFetch(() => endpointResponse(MailEndpoints.unsubscribe, { unsubscribed: true, kind: 'booking-confirmed' }));
    renderWithApp(<UnsubscribePanel token="u.booking-confirmed.sig" />);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByText('Done: you will no longer get e-mails of this kind.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url instanceof Request ? url.url : url.toString()).toContain('/api/mail/unsubscribe?token=u.booking-confirmed.sig');
    expect(init?.method).toBe('POST');
    expect(screen.getByRole('link', { name: 'E-mail settings' })).toHaveAttribute('href', '/profile/settings');
  });

  it("shows the server's reason for a link that is not valid", async () => {
    stubFetch(() => jsonResponse({ status: 400, title: 'Bad Request', detail: 'This unsubscribe link is not valid.' }, 400));
    renderWithApp(<UnsubscribePanel token="forged" />);
    await userEvent.click(screen.getByRole('button', { name: 'Stop these e-mails' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
  });
});
