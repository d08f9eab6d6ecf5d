import { describe, expect, it } from 'vitest';
import { AccountMessages } from './account';
import { ContactMessages, ContactRequestSchema } from './contact';

const valid = { name: 'Ada', surname: 'Lovelace', email: 'ada@example.com', interests: ['cars', 'food'], message: 'Hello there' };

/** The first message per field: what the form shows. */
function messagesOf(input: unknown): Record<string, string> {
  const result = ContactRequestSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('contact request', () => {
  it('accepts a complete message and trims its texts', () => {
    const parsed = ContactRequestSchema.parse({ ...valid, name: '  Ada ' });
    expect(parsed.name).toBe('Ada');
    expect(parsed.interests).toEqual(['cars', 'food']);
  });

  it('treats missing interests as none', () => {
    const { interests: _omit, ...rest } = valid;
    expect(ContactRequestSchema.parse(rest).interests).toEqual([]);
  });

  it('requires name, surname, email and message with readable messages', () => {
    expect(messagesOf({ name: ' ', surname: '', email: '', message: '' })).toEqual({
      name: ContactMessages.nameRequired,
      surname: ContactMessages.surnameRequired,
      email: AccountMessages.emailRequired,
      message: ContactMessages.messageRequired,
    });
  });

  it('refuses an invalid email, unknown interests and over-long texts', () => {
    expect(messagesOf({ ...valid, email: 'nope' }).email).toBe(AccountMessages.emailInvalid);
    expect(messagesOf({ ...valid, interests: ['boats'] }).interests).toBe(ContactMessages.interestInvalid);
    expect(messagesOf({ ...valid, message: 'x'.repeat(2001) }).message).toBe(ContactMessages.messageMax);
  });
});
