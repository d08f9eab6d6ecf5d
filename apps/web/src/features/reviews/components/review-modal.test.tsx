import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewMessages, Reviews } from '@rentdrive/contracts/reviews';
import { ErrorModalProvider } from '../../../components/ui/error-modal-provider';
import { endpointResponse, jsonResponse, sentJson, stubFetch } from '../../../test/fetch-stub';
import { ReviewModal } from './review-modal';

const RENTAL_ID = '5d4a1c8e-0f1a-4b57-8d59-7f0a0f7d3a22';

function setup(status = 200) {
  const fetchMock = stubFetch(() =>
    status === 200
      ? endpointResponse(Reviews.add, {
          id: '7c2e9a41-5b3d-4f6e-9a8b-1c2d3e4f5a6b',
          rentalId: RENTAL_ID,
          vehicleId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e',
          username: 'alice',
          starRating: 4,
          comment: 'Clean and on time.',
          createdOn: '2026-11-20T10:00:00Z',
        })
      : jsonResponse({ status, title: 'Conflict', detail: ReviewMessages.alreadyReviewed }, status),
  );
  const onReviewed = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ErrorModalProvider>
        <ReviewModal target={{ rentalId: RENTAL_ID, vehicleName: 'Audi A4' }} onClose={onClose} onReviewed={onReviewed} />
      </ErrorModalProvider>
    </QueryClientProvider>,
  );
  return { fetchMock, onReviewed, onClose, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// user-event on a shared, busy machine: generous time per test.
describe('ReviewModal', { timeout: 30_000 }, () => {
  it('asks for a rating before sending', async () => {
    const { user, fetchMock } = setup();
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByText(ReviewMessages.starRatingInvalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('picks stars with the arrow keys and sends rating and comment', async () => {
    const { user, fetchMock, onReviewed, onClose } = setup();
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await user.type(screen.getByLabelText('Comment (optional)'), 'Great car');
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    await vi.waitFor(() => expect(onReviewed).toHaveBeenCalledWith(4), { timeout: 10_000 });
    expect(onClose).toHaveBeenCalled();
    expect(sentJson(fetchMock.mock.calls[0]![1])).toEqual({ rentalId: RENTAL_ID, starRating: 4, comment: 'Great car' });
  });

  it('sends a refusal to the common error modal', async () => {
    const { user } = setup(409);
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit Review' }));
    const errorDialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(errorDialog).toHaveTextContent(ReviewMessages.alreadyReviewed);
  });
});
