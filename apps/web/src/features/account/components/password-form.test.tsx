import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithApp } from '../../../test/render';
import { PasswordForm } from './password-form';

afterEach(() => vi.unstubAllGlobals());

function answerWith(status: number, body: unknown) {
  stubFetch(() => jsonResponse(body, status));
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Current password/), 'Wrong1234');
  await user.type(screen.getByLabelText(/^New password/), 'Newpass12');
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Newpass12');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordForm', () => {
  it("shows a field's refusal on the field only, with no error dialog to dismiss", async () => {
    const user = userEvent.setup();
    answerWith(400, {
      title: 'Bad Request',
      status: 400,
      detail: 'Current password is incorrect.',
      code: 'validation_failed',
      errors: { currentPassword: ['Current password is incorrect.'] },
    });
    renderWithApp(<PasswordForm />);
    await submit(user);
    const current = screen.getByLabelText(/^Current password/);
    await vi.waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('Current password is incorrect.');
    expect(current).toHaveFocus();
    // The dialog loads lazily: give it the time it would take to appear.
    await expect(screen.findByRole('dialog', { name: 'Error' }, { timeout: 800 })).rejects.toThrow();
    expect(screen.getAllByText('Current password is incorrect.')).toHaveLength(1);
  });

  it('uses the error dialog for a failure that belongs to no field', async () => {
    const user = userEvent.setup();
    answerWith(503, { title: 'Service Unavailable', status: 503, detail: 'The service is busy. Please try again.' });
    renderWithApp(<PasswordForm />);
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Error' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('The service is busy. Please try again.');
  });
});
