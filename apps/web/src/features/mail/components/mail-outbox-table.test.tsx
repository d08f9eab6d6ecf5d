import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MailEndpoints, type OutboxEntry } from '@rentdrive/contracts/mail';
import { endpointResponse, jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { MailOutboxTable } from './mail-outbox-table';

afterEach(() => vi.unstubAllGlobals());

const failed: OutboxEntry = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'password-reset',
  toAddress: 'alice@example.com',
  subject: 'Reset your RentDrive password',
  status: 'failed',
  attempts: 7,
  lastError: 'connect ECONNREFUSED 127.0.0.1:587',
  createdAt: '2026-06-01T10:00:00Z',
};
const waiting: OutboxEntry = {
  ...failed,
  id: '22222222-2222-4222-8222-222222222222',
  toAddress: 'bob@example.com',
  status: 'queued',
  attempts: 1,
  lastError: 'timeout',
};

describe('undelivered e-mail (employees)', () => {
  it('lists failed and waiting messages, and sends a failed one again', async () => {
    let items = [failed, waiting];
    const fetchMock = stubFetch((url, init) => {
      if (init?.method === 'POST') {
        items = [waiting];
        return endpointResponse(MailEndpoints.retry, { ...failed, status: 'queued' });
      }
      return endpointResponse(MailEndpoints.outbox, { items });
    });
    renderWithApp(<MailOutboxTable />);
    const table = await screen.findByRole('table', { name: 'Undelivered e-mail' });
    expect(within(table).getByText('Failed')).toBeInTheDocument();
    expect(within(table).getByText('Waiting')).toBeInTheDocument();
    expect(within(table).getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeInTheDocument();
    // Only a failed message can be sent again.
    const buttons = within(table).getAllByRole('button', { name: /^Send again/ });
    expect(buttons).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Send again: Reset your RentDrive password to alice@example.com' }));
    expect(await screen.findByText('The e-mail is queued again.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0] as string).toContain(`/api/mail/outbox/${failed.id}/retry`);
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    expect(screen.queryByText('alice@example.com')).toBeNull();
  });

  it('says when nothing is waiting', async () => {
    stubFetch(() => endpointResponse(MailEndpoints.outbox, { items: [] }));
    renderWithApp(<MailOutboxTable />);
    expect(await screen.findByText('Every e-mail was delivered. Nothing is waiting or failed.')).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    stubFetch(() => jsonResponse({ status: 503, title: 'Service Unavailable', detail: 'The service is busy.' }, 503));
    renderWithApp(<MailOutboxTable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The service is busy.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
