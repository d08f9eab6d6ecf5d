import { z } from 'zod';
import { endpoint } from './endpoint';
import { MailPaths } from './paths';

export { MailPaths };

/** Every text here is an api message (api-messages.ts). */
export const MailUnsubscribeMessages = {
  linkInvalid: 'This unsubscribe link is not valid.',
  kindInvalid: 'Choose one of the kinds of e-mail that can be switched off.',
  emailRequired: 'Say whether this e-mail should be sent (true or false).',
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

/** The kinds of mail a user may switch off (security mail is always sent), in the settings' order. */
export const OPTIONAL_MAIL_KINDS = [
  'booking-confirmed',
  'booking-cancelled',
  'rental-completed',
  'booking-received',
  'booking-cancelled-owner',
  'rental-completed-owner',
  'review-received',
  'withdrawal-paid',
  'refund-to-card-paid',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

export const MailPreferenceSchema = z.object({
  kind: z.enum(OPTIONAL_MAIL_KINDS, { error: MailUnsubscribeMessages.kindInvalid }),
  email: z.boolean({ error: MailUnsubscribeMessages.emailRequired }),
});
export type MailPreference = z.infer<typeof MailPreferenceSchema>;
export const MailPreferencesSchema = z.object({ kinds: z.array(MailPreferenceSchema) });
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

export const MailEndpoints = {
  preferences: endpoint('GET', MailPaths.preferences, { response: { 200: MailPreferencesSchema } }),
  setPreference: endpoint('PUT', MailPaths.preferences, { body: MailPreferenceSchema, response: { 200: MailPreferencesSchema } }),
  /**
   * No session: the signed token (an HMAC of the user and the kind) is the permission. The body a mail
   * client sends ('List-Unsubscribe=One-Click', form-encoded) is accepted and not needed.
   */
  unsubscribe: endpoint('POST', MailPaths.unsubscribe, {
    query: UnsubscribeQuerySchema,
    response: { 200: UnsubscribeResponseSchema },
  }),
};
