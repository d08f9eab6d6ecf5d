import { z } from 'zod';
import { endpoint } from './endpoint';
import { ContactPaths } from './paths/contact';
import { multiline } from './text';

/** The contact form (/contact-us): its interests, texts and limits, shared by the form and POST /api/contact. */
export const CONTACT_INTERESTS = ['cars', 'apartments', 'shopping', 'food', 'traveling'] as const;
export type ContactInterest = (typeof CONTACT_INTERESTS)[number];

export const CONTACT_NAME_MAX = 50;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MAX = 2000;

export const ContactMessages = {
  nameRequired: 'Name is required!',
  nameMax: `Name must not exceed ${CONTACT_NAME_MAX} characters!`,
  surnameRequired: 'Surname is required!',
  surnameMax: `Surname must not exceed ${CONTACT_NAME_MAX} characters!`,
  emailRequired: 'Email is required!',
  emailInvalid: 'Invalid email address!',
  interestInvalid: 'Please choose interests from the list.',
  messageRequired: 'Message is required!',
  messageMax: `Message must not exceed ${CONTACT_MESSAGE_MAX} characters!`,
  sent: 'Thank you! Your message has been sent.',
} as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const isInterest = (value: string) => (CONTACT_INTERESTS as readonly string[]).includes(value.trim().toLowerCase());

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const ContactRequestSchema = z.object({
  name: requiredText(ContactMessages.nameRequired, CONTACT_NAME_MAX, ContactMessages.nameMax),
  surname: requiredText(ContactMessages.surnameRequired, CONTACT_NAME_MAX, ContactMessages.surnameMax),
  email: requiredText(ContactMessages.emailRequired, CONTACT_EMAIL_MAX, ContactMessages.emailInvalid).regex(
    EMAIL_PATTERN,
    ContactMessages.emailInvalid,
  ),
  /** Any subset of the five interests (none is fine); case and duplicates do not matter. */
  interests: z
    .array(z.string({ error: ContactMessages.interestInvalid }), { error: ContactMessages.interestInvalid })
    .max(CONTACT_INTERESTS.length * 2, ContactMessages.interestInvalid)
    .default([])
    .refine((list) => list.every((i) => isInterest(i)), ContactMessages.interestInvalid)
    .transform((list) => CONTACT_INTERESTS.filter((interest) => list.some((i) => i.trim().toLowerCase() === interest))),
  message: multiline(requiredText(ContactMessages.messageRequired, CONTACT_MESSAGE_MAX, ContactMessages.messageMax)),
});
/** What the form holds (interests may be omitted). */
export type ContactRequestInput = z.input<typeof ContactRequestSchema>;
export type ContactRequest = z.output<typeof ContactRequestSchema>;

export const ContactResponseSchema = z.object({ succeeded: z.literal(true) });

export const Contact = {
  send: endpoint('POST', ContactPaths.send, { body: ContactRequestSchema, response: { 201: ContactResponseSchema } }),
};
