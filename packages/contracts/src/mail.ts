import { z } from 'zod';
import { endpoint } from './endpoint';
import { MailPaths } from './paths';

export { MailPaths };

/** Every text here is an api message (api-messages.ts). */
export const MailUnsubscribeMessages = {
  linkInvalid: 'This unsubscribe link is not valid.',
} as const;

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: MailUnsubscribeMessages.linkInvalid })
    .trim()
    .min(1, MailUnsubscribeMessages.linkInvalid)
    .max(300, MailUnsubscribeMessages.linkInvalid),
});

/** The kind switched off ('booking-confirmed', 'withdrawal-paid', ...). */
export const UnsubscribeResponseSchema = z.object({ unsubscribed: z.literal(true), kind: z.string() });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

export const MailEndpoints = {
  /**
   * No session: the signed token (an HMAC of the user and the kind) is the permission. The body a mail
   * client sends ('List-Unsubscribe=One-Click', form-encoded) is accepted and not needed.
   */
  unsubscribe: endpoint('POST', MailPaths.unsubscribe, {
    query: UnsubscribeQuerySchema,
    response: { 200: UnsubscribeResponseSchema },
  }),
};
