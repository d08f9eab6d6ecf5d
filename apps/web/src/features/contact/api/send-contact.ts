import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@rentdrive/contracts/contact';
import { apiFetch } from '../../../lib/api-client';

export function sendContactMessage(body: ContactRequest) {
  return apiFetch<unknown>('/api/contact', { method: 'POST', json: body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
