import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Account, type CurrentUser } from '@rentdrive/contracts/account';
import { Chat } from '@rentdrive/contracts/chat';
import { endpointResponse, jsonResponse, stubFetch } from '../../test/fetch-stub';
import { renderWithApp } from '../../test/render';
import { Header } from './header';

const EMPLOYEE: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000009',
  userName: 'ops',
  username: 'ops',
  email: 'ops@example.com',
  phoneNumber: null,
  memberSince: '2026-01-01T00:00:00Z',
  isCompanyEmployee: true,
  balance: 0,
  pendingBalance: 0,
  withdrawableBalance: 0,
  refundableToCard: 0,
};

const OPERATIONS = [
  ['Moderation', '/manage/moderation'],
  ['Users', '/manage/users'],
  ['Audit trail', '/manage/audit'],
  ['Damage claims', '/manage/claims'],
  ['Undelivered e-mail', '/manage/mail'],
] as const;

beforeEach(() => {
  stubFetch((url) => {
    if (url.endsWith('/api/account/session')) return endpointResponse(Account.session, { user: EMPLOYEE });
    if (url.endsWith('/api/chat/unread-count')) return endpointResponse(Chat.unreadCount, { count: 0 });
    return jsonResponse({}, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the employees’ Manage links (issue 28)', () => {
  it('the desktop Manage menu lists the catalogue, Moderation, Users, Audit trail and the mail outbox', { timeout: 30_000 }, async () => {
    renderWithApp(<Header />);
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }, { timeout: 15_000 }));
    const menu = await screen.findByRole('menu');
    for (const [name, href] of OPERATIONS) {
      expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('href', href);
    }
    expect(within(menu).getByRole('menuitem', { name: 'Vehicle Types' })).toBeInTheDocument();
  });

  it('the phone menu’s Manage section has the same links', { timeout: 30_000 }, async () => {
    renderWithApp(<Header />);
    await screen.findByRole('button', { name: 'Manage' }, { timeout: 15_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const section = await screen.findByRole('list', { name: 'Manage' });
    for (const [name, href] of OPERATIONS) {
      expect(await within(section).findByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(section).getByRole('link', { name: 'Vehicle Types' })).toBeInTheDocument();
  });
});
