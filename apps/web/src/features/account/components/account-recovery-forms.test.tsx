import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMessages } from '@rentdrive/contracts/account';
import { AccountRecoveryMessages } from '@rentdrive/contracts/account-recovery';
import { jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => vi.unstubAllGlobals());

describe('forgot password form', () => {
  it('says the same thing once the request is taken, whoever it names', async () => {
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      bodies.push(sentJson(init));
      return jsonResponse({ accepted: true }, 202);
    });
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText(/^Email or Username/), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account matches, we have sent a link to its e-mail address.');
    expect(bodies).toEqual([{ emailOrUsername: 'nobody@example.com' }]);
  });

  it('asks for the field', async () => {
    const user = userEvent.setup();
    renderWithApp(<ForgotPasswordForm />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(AccountMessages.emailOrUsernameRequired)).toBeInTheDocument();
  });
});

describe('reset password form', () => {
  it("holds the new password to the spec's rules before sending", async () => {
    const fetch = stubFetch(() => jsonResponse({ succeeded: true }));
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="abc" />, { path: '/reset-password' });
    await user.type(screen.getByLabelText(/^New password/), 'weakpass');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByText(AccountMessages.passwordUpper)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows a used link’s refusal, and the way to login after a success', async () => {
    let answer = () =>
      jsonResponse(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'validation_failed',
          detail: AccountRecoveryMessages.tokenUsed,
          errors: { token: [AccountRecoveryMessages.tokenUsed] },
        },
        400,
      );
    stubFetch(() => answer());
    const user = userEvent.setup();
    renderWithApp(<ResetPasswordForm token="abc" />, { path: '/reset-password' });
    await user.type(screen.getByLabelText(/^New password/), 'Good1Pass');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'Good1Pass');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AccountRecoveryMessages.tokenUsed);

    answer = () => jsonResponse({ succeeded: true });
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  });
});
