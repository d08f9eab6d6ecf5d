import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPTIONAL_MAIL_KINDS } from '@rentdrive/contracts/mail';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { MailPreferencesForm } from './mail-preferences-form';

afterEach(() => vi.unstubAllGlobals());

const all = (off: string[] = []) => ({ kinds: OPTIONAL_MAIL_KINDS.map((kind) => ({ kind, email: !off.includes(kind) })) });

describe('MailPreferencesForm', () => {
  it('shows each kind on or off and switches one off with a PUT, saying so', async () => {
    const user = userEvent.setup();
    const puts: unknown[] = [];
    stubFetch((_url, init) => {
      if (init?.method === 'PUT') {
        puts.push(JSON.parse(init.body as string));
        return jsonResponse(all(['review-received', 'withdrawal-paid']));
      }
      return jsonResponse(all(['withdrawal-paid']));
    });
    renderWithApp(<MailPreferencesForm />);
    const review = await screen.findByRole('checkbox', { name: 'New review of my vehicle' });
    expect(review).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Withdrawal paid to my bank' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'As an owner' })).toContainElement(review);
    expect(screen.getByText(/Security e-mails .* are always sent\./)).toBeInTheDocument();

    await user.click(review);
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'New review of my vehicle' })).not.toBeChecked());
    expect(puts).toEqual([{ kind: 'review-received', email: false }]);
    expect(await screen.findByText('E-mail switched off.')).toBeInTheDocument();
  });

  it('says when the settings could not be loaded and offers to try again', async () => {
    stubFetch(() => jsonResponse({ title: 'Service Unavailable', status: 503, detail: 'The service is busy.' }, 503));
    renderWithApp(<MailPreferencesForm />);
    expect(await screen.findByText('Your e-mail settings could not be loaded.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
