import { z } from 'zod';
import { endpoint } from './endpoint';
import { MailPaths } from './paths/mail';

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
  'chat-digest',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

export const MailPreferenceSchema = z.object({
  kind: z.enum(OPTIONAL_MAIL_KINDS, { error: MailUnsubscribeMessages.kindInvalid }),
  email: z.boolean({ error: MailUnsubscribeMessages.emailRequired }),
});
export type MailPreference = z.infer<typeof MailPreferenceSchema>;
export const MailPreferencesSchema = z.object({ kinds: z.array(MailPreferenceSchema) });
export type MailPreferences = z.infer<typeof MailPreferencesSchema>;

/** The operator's view of mail not delivered (employees only). Paths kept here, with their schemas. */
export const MailOutboxPaths = {
  list: '/api/mail/outbox',
  retry: Object.assign((id: string) => `/api/mail/outbox/${encodeURIComponent(id)}/retry`, {
    pattern: '/api/mail/outbox/:id/retry' as const,
  }),
} as const;

export const MailOutboxMessages = {
  notFound: 'There is no such message.',
  notFailed: 'Only a message that failed can be sent again; this one is queued or sent.',
  noMailServer: 'No mail server is configured (SMTP_URL), so nothing can be sent.',
  statusInvalid: 'Status is failed or queued.',
  idInvalid: 'The message id is not valid.',
} as const;

export const OUTBOX_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;

export const OutboxEntrySchema = z.object({
  id: z.string(),
  /** 'password-reset', 'booking-confirmed', ... */
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  /** Tries so far. */
  attempts: z.number().int(),
  /** The mail server's answer to the last failed try. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

export const OutboxQuerySchema = z.object({
  /** Without it: failed and queued messages, failed first. */
  status: z.enum(['failed', 'queued'], { error: MailOutboxMessages.statusInvalid }).optional(),
});
export const OutboxListSchema = z.object({ items: z.array(OutboxEntrySchema) });
export type OutboxList = z.infer<typeof OutboxListSchema>;

export const MailEndpoints = {
  /** Employees: the newest 200 messages not delivered. */
  outbox: endpoint('GET', MailOutboxPaths.list, { query: OutboxQuerySchema, response: { 200: OutboxListSchema } }),
  /** Employees: a failed message queued again with all its tries; 404 unknown, 409 not failed or no SMTP. */
  retry: endpoint('POST', MailOutboxPaths.retry.pattern, {
    params: z.object({ id: z.string().uuid(MailOutboxMessages.idInvalid) }),
    response: { 200: OutboxEntrySchema },
  }),
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
