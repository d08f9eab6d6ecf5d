import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A row whose action disappears once done, as Confirm Rental or Cancel do after a refetch. */
function Row({ nextAction }: { nextAction: string | null }) {
  const [isDone, setDone] = useState(false);
  const [isAsking, setAsking] = useState(false);
  return (
    <table>
      <tbody>
        <tr>
          <td>
            <a href="/vehicle">Audi A4</a>
          </td>
          <td>
            <div>
              {isDone ? (
                nextAction && <button type="button">{nextAction}</button>
              ) : (
                <button onClick={() => setAsking(true)}>Confirm</button>
              )}
            </div>
          </td>
        </tr>
      </tbody>
      <ConfirmDialog
        open={isAsking}
        onOpenChange={setAsking}
        title="Confirm this rental?"
        onConfirm={() => {
          setAsking(false);
          // The list answers a moment later, without the button that opened the dialog.
          setTimeout(() => setDone(true), 50);
        }}
      />
    </table>
  );
}

describe('focus after a dialog', () => {
  it('goes back to the opener when it is still there', async () => {
    const user = userEvent.setup();
    render(<Row nextAction="Leave a Review" />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
  });

  it("moves to the row's next action when the opener is replaced", async () => {
    const user = userEvent.setup();
    render(<Row nextAction="Leave a Review" />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getAllByRole('button', { name: 'Confirm' }).at(-1)!);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Leave a Review' })).toHaveFocus());
  });

  it("moves to the row's first control when the row has no action left, never to <body>", async () => {
    const user = userEvent.setup();
    render(<Row nextAction={null} />);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(screen.getAllByRole('button', { name: 'Confirm' }).at(-1)!);
    await waitFor(() => expect(screen.getByRole('link', { name: 'Audi A4' })).toHaveFocus());
  });
});
