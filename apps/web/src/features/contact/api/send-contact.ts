import { useMutation } from '@tanstack/react-query';
import type { ContactRequestInput } from '@rentdrive/contracts/contact';
import { Contact } from '@rentdrive/contracts/contact';
import { callApi } from '../../../lib/api-client';

export function sendContactMessage(body: ContactRequestInput) {
  return callApi(Contact.send, { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
