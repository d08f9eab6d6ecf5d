import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import { loginReturnPath } from '../../../lib/login-return';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

describe('login form', () => {
  it('asks for both fields on submit', async () => {
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(AccountMessages.emailOrUsernameRequired)).toBeInTheDocument();
    expect(screen.getByText(AccountMessages.passwordRequired)).toBeInTheDocument();
  });

  it('says so on the form when the credentials are wrong', async () => {
    stubFetch(() =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Unauthorized',
          status: 401,
          detail: AccountMessages.invalidCredentials,
          code: 'invalid_credentials',
        },
        401,
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<LoginForm />, { path: '/login' });
    await user.type(screen.getByLabelText(/^Email or Username/), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'Wrong1234');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountMessages.invalidCredentials);
  });

  it('returns to the page that sent the visitor (a vehicle with its dates), else to /', () => {
    expect(loginReturnPath({ from: '/api/vehicle/abc?from=2026-12-01&to=2026-12-03' })).toBe(
      '/api/vehicle/abc?from=2026-12-01&to=2026-12-03',
    );
    expect(loginReturnPath(null)).toBe('/');
    expect(loginReturnPath({ from: '//evil.example/x' })).toBe('/');
    expect(loginReturnPath({ from: 'https://evil.example/' })).toBe('/');
  });
});
