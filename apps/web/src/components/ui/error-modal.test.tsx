import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { Button } from './button';
import { ErrorModal } from './error-modal';
import { ErrorModalProvider, useErrorModal } from './error-modal-provider';

function Trigger({ error }: { error?: unknown }) {
  const { showError } = useErrorModal();
  return <Button onClick={() => showError(error)}>Do it</Button>;
}

describe('error modal', () => {
  it("shows the spec's default text under the title 'Error' when no message is given", () => {
    render(<ErrorModal open onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while processing your request. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it("shows an API error's detail from anywhere and closes with OK", async () => {
    const user = userEvent.setup();
    render(
      <ErrorModalProvider>
        <Trigger error={new ApiError({ status: 409, detail: 'This vehicle type is in use.' })} />
      </ErrorModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('This vehicle type is in use.');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('falls back to the default text for an unknown failure', async () => {
    const user = userEvent.setup();
    render(
      <ErrorModalProvider>
        <Trigger />
      </ErrorModalProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent(
      'Something went wrong while processing your request. Please try again later.',
    );
  });
});
