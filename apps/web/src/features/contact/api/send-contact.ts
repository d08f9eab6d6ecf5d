import { useMutation } from '@tanstack/react-query';
import type { ContactRequestInput } from '@rentdrive/contracts/contact';
import { apiFetch } from '../../../lib/api-client';

export function sendContactMessage(body: ContactRequestInput) {
  return apiFetch<unknown>('/api/contact', { method: 'POST', json: body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
