import { useMutation } from '@tanstack/react-query';
import { MailEndpoints } from '@rentdrive/contracts/mail';
import { callApi } from '../../../lib/api-client';

/** The same one-click POST a mail client sends (RFC 8058), made by the person on the page. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => callApi(MailEndpoints.unsubscribe, { query: { token } }) });
}
