import { z } from 'zod';
import { EmailSchema } from './account';

/** The contact form's interest checkboxes (SPEC 2, Contact), in display order. */
export const CONTACT_INTERESTS = ['cars', 'apartments', 'shopping', 'food', 'traveling'] as const;
export type ContactInterest = (typeof CONTACT_INTERESTS)[number];

export const CONTACT_NAME_MAX = 50;
export const CONTACT_MESSAGE_MAX = 2000;

/** The spec shows no texts for this form; these follow the register form's style. */
export const ContactMessages = {
  nameRequired: 'Name is required!',
  nameMax: `Name must not exceed ${CONTACT_NAME_MAX} characters!`,
  surnameRequired: 'Surname is required!',
  surnameMax: `Surname must not exceed ${CONTACT_NAME_MAX} characters!`,
  messageRequired: 'Message is required!',
  messageMax: `Message must not exceed ${CONTACT_MESSAGE_MAX} characters!`,
  interestInvalid: 'Unknown interest.',
} as const;

const requiredText = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/contact */
export const ContactRequestSchema = z.object({
  name: requiredText(ContactMessages.nameRequired, ContactMessages.nameMax, CONTACT_NAME_MAX),
  surname: requiredText(ContactMessages.surnameRequired, ContactMessages.surnameMax, CONTACT_NAME_MAX),
  email: EmailSchema,
  interests: z
    .array(z.enum(CONTACT_INTERESTS, { error: ContactMessages.interestInvalid }))
    .max(CONTACT_INTERESTS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
  message: requiredText(ContactMessages.messageRequired, ContactMessages.messageMax, CONTACT_MESSAGE_MAX),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;
export type ContactRequestParsed = z.output<typeof ContactRequestSchema>;
