import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Account, AccountMessages } from '@rentdrive/contracts/account';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { RegisterForm } from './register-form';

afterEach(() => vi.unstubAllGlobals());

function setup() {
  const user = userEvent.setup();
  renderWithApp(<RegisterForm />, { path: '/register' });
  return {
    user,
    username: screen.getByLabelText(/^Username/),
    email: screen.getByLabelText(/^Email/),
    password: screen.getByLabelText(/^Password/),
    confirm: screen.getByLabelText(/^Confirm Password/),
    submit: screen.getByRole('button', { name: 'Register' }),
  };
}

describe('register form', () => {
  it('shows no message before a field is touched', () => {
    setup();
    expect(screen.queryByText(AccountMessages.usernameRequired)).not.toBeInTheDocument();
  });

  it('shows each field message after the field is touched', async () => {
    const { user, username, email, password, confirm } = setup();
    await user.click(username);
    await user.tab();
    expect(await screen.findByText(AccountMessages.usernameRequired)).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription(AccountMessages.usernameRequired);

    await user.type(username, 'ab');
    expect(await screen.findByText(AccountMessages.usernameMin)).toBeInTheDocument();
    await user.type(username, 'c'.repeat(19));
    expect(await screen.findByText(AccountMessages.usernameMax)).toBeInTheDocument();

    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText(AccountMessages.emailInvalid)).toBeInTheDocument();

    const passwordCases: [string, string][] = [
      ['abc', AccountMessages.passwordMin],
      ['abcdefg', AccountMessages.passwordUpper],
      ['ABCDEFG', AccountMessages.passwordLower],
      ['Abcdefg', AccountMessages.passwordDigit],
      ['Abcdefg1'.repeat(3), AccountMessages.passwordMax],
    ];
    for (const [value, message] of passwordCases) {
      await user.clear(password);
      await user.type(password, value);
      await user.tab();
      expect(await screen.findByText(message)).toBeInTheDocument();
    }

    await user.clear(password);
    await user.type(password, 'Passw0rd1');
    await user.type(confirm, 'Passw0rd2');
    await user.tab();
    expect(await screen.findByText(AccountMessages.confirmMismatch)).toBeInTheDocument();
  });

  it('shows the character rule for a username with spaces or symbols, as the server does, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, username, email, password, confirm, submit } = setup();
    await user.type(username, 'al ice!');
    await user.tab();
    expect(await screen.findByText(AccountMessages.usernameCharacters)).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription(AccountMessages.usernameCharacters);
    await user.type(email, 'alice@example.com');
    await user.type(password, 'Passw0rd1');
    await user.type(confirm, 'Passw0rd1');
    await user.click(submit);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(username);
    await user.type(username, 'Zoë.k-1');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(AccountMessages.usernameCharacters)).not.toBeInTheDocument());
  });

  it('touches every field on submit and sends nothing while they are wrong', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { user, submit } = setup();
    await user.click(submit);
    expect(await screen.findByText(AccountMessages.usernameRequired)).toBeInTheDocument();
    expect(screen.getByText(AccountMessages.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AccountMessages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(AccountMessages.confirmRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a taken username from the server on its field', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: 'This username is already taken.',
          code: 'username_taken',
          errors: { username: ['This username is already taken.'] },
        },
        409,
      ),
    );
    const { user, username, email, password, confirm, submit } = setup();
    await user.type(username, 'alice');
    await user.type(email, 'alice@example.com');
    await user.type(password, 'Passw0rd1');
    await user.type(confirm, 'Passw0rd1');
    await user.click(submit);
    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/account/register');
    expect(sentJson(init)).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'Passw0rd1',
      comfirmedPassword: 'Passw0rd1',
    });
  });

  it('goes home after a successful registration', async () => {
    stubFetch(() => endpointResponse(Account.register, { succeeded: true }));
    const { user, username, email, password, confirm, submit } = setup();
    await user.type(username, 'newbie');
    await user.type(email, 'newbie@example.com');
    await user.type(password, 'Passw0rd1');
    await user.type(confirm, 'Passw0rd1');
    await user.click(submit);
    await waitFor(() => expect(screen.getByText('Other page')).toBeInTheDocument());
  });
});
