import { describe, expect, it } from 'vitest';
import { ContactMessages, ContactRequestSchema } from './contact';

const valid = { name: 'Maria', surname: 'Papadopoulou', email: 'maria@example.com', interests: ['cars'], message: 'Hello' };

function errorsOf(input: unknown): Record<string, string[]> {
  const result = ContactRequestSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

describe('ContactRequestSchema', () => {
  it('accepts a valid message, trims texts and orders interests as the form lists them', () => {
    const parsed = ContactRequestSchema.parse({ ...valid, name: ' Maria ', interests: ['traveling', 'Cars', 'cars'] });
    expect(parsed).toEqual({ ...valid, interests: ['cars', 'traveling'] });
  });

  it('treats missing interests as none', () => {
    const { interests: _omitted, ...rest } = valid;
    expect(ContactRequestSchema.parse(rest).interests).toEqual([]);
  });

  it.each([
    [{ name: undefined }, 'name', ContactMessages.nameRequired],
    [{ name: '  ' }, 'name', ContactMessages.nameRequired],
    [{ name: 'x'.repeat(51) }, 'name', ContactMessages.nameMax],
    [{ surname: '' }, 'surname', ContactMessages.surnameRequired],
    [{ surname: 'x'.repeat(51) }, 'surname', ContactMessages.surnameMax],
    [{ email: '' }, 'email', ContactMessages.emailRequired],
    [{ email: 'maria.example.com' }, 'email', ContactMessages.emailInvalid],
    [{ interests: ['apartments', 'yachts'] }, 'interests', ContactMessages.interestInvalid],
    [{ message: '' }, 'message', ContactMessages.messageRequired],
    [{ message: 'x'.repeat(2001) }, 'message', ContactMessages.messageMax],
  ])('%o gives %s: %s', (overrides, field, message) => {
    expect(errorsOf({ ...valid, ...overrides })[field]).toContain(message);
  });
});
