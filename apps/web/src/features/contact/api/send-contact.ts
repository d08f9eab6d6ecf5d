import { useMutation } from '@tanstack/react-query';
import type { ContactRequestInput } from '@rentdrive/contracts/contact';
import { apiFetch } from '../../../lib/api-client';
import { ContactPaths } from '@rentdrive/contracts/paths';

export function sendContactMessage(body: ContactRequestInput) {
  return apiFetch<unknown>(ContactPaths.send, { method: 'POST', json: body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
