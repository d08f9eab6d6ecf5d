import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AccountMessages,
  LoginRequestSchema,
  RegisterRequestSchema,
  UpdatePasswordRequestSchema,
  UpdateProfileRequestSchema,
} from './account';

/** field -> messages of a failed parse ({} when it passes). */
function messages(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

const validRegister = { username: 'alice', email: 'alice@example.com', password: 'Passw0rd', comfirmedPassword: 'Passw0rd' };

describe('RegisterRequestSchema', () => {
  it('accepts a valid registration and trims username and email', () => {
    const parsed = RegisterRequestSchema.parse({ ...validRegister, username: ' alice ', email: ' alice@example.com ' });
    expect(parsed).toMatchObject({ username: 'alice', email: 'alice@example.com' });
  });

  it('accepts the limits themselves: 3 and 20 character usernames, 6 and 20 character passwords', () => {
    for (const username of ['abc', 'a'.repeat(20)]) expect(messages(RegisterRequestSchema, { ...validRegister, username })).toEqual({});
    for (const password of ['Abcde1', 'Abcdefghij123456789x']) {
      expect(messages(RegisterRequestSchema, { ...validRegister, password, comfirmedPassword: password })).toEqual({});
    }
  });

  it.each([
    [{ username: undefined }, 'username', 'Username is required!'],
    [{ username: '' }, 'username', 'Username is required!'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters long!'],
    [{ username: 'a'.repeat(21) }, 'username', 'Username must not exceed 20 characters!'],
    [{ email: undefined }, 'email', 'Email is required!'],
    [{ email: '' }, 'email', 'Email is required!'],
    [{ email: 'alice.example.com' }, 'email', 'Invalid email address!'],
    [{ email: 'alice@example' }, 'email', 'Invalid email address!'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Invalid email address!'],
    [{ password: undefined }, 'password', 'Password is required!'],
    [{ password: '' }, 'password', 'Password is required!'],
    [{ password: 'Ab1', comfirmedPassword: 'Ab1' }, 'password', 'Password must be at least 6 characters long!'],
    // The spec's text says 50 while the limit is 20; the true limit is shown.
    [
      { password: 'Abcdefghij1234567890x', comfirmedPassword: 'Abcdefghij1234567890x' },
      'password',
      'Password must not exceed 20 characters!',
    ],
    [{ password: 'PASSW0RD', comfirmedPassword: 'PASSW0RD' }, 'password', 'Password must contain at least one lowercase letter!'],
    [{ password: 'passw0rd', comfirmedPassword: 'passw0rd' }, 'password', 'Password must contain at least one uppercase letter!'],
    [{ password: 'Password', comfirmedPassword: 'Password' }, 'password', 'Password must contain at least one digit!'],
    [{ comfirmedPassword: undefined }, 'comfirmedPassword', 'Confirmed password is required!'],
    [{ comfirmedPassword: '' }, 'comfirmedPassword', 'Confirmed password is required!'],
    [{ comfirmedPassword: 'Passw0rd1' }, 'comfirmedPassword', "Password doesn't match!"],
  ])('%o gives %s: %s', (overrides, field, message) => {
    expect(messages(RegisterRequestSchema, { ...validRegister, ...overrides })[field]).toContain(message);
  });

  it('accepts letters and digits of any script and . _ -, normalizing full-width forms', () => {
    for (const username of ['Ödön_1', 'j.doe-2', 'Дмитрий', '李小龍'])
      expect(messages(RegisterRequestSchema, { ...validRegister, username })).toEqual({});
    expect(RegisterRequestSchema.parse({ ...validRegister, username: 'ａｌｉｃｅ' }).username).toBe('alice');
  });

  it.each(['al ice', 'alice!', 'alice\u200b', 'ali\u200dce', '\u202eecila', 'al\u00adice', 'ali\u0007ce'])(
    'refuses %j with the character rule message',
    (username) => {
      expect(messages(RegisterRequestSchema, { ...validRegister, username }).username).toEqual([AccountMessages.usernameCharacters]);
    },
  );

  it('reports the mismatch while other fields are still wrong (forms show all at once)', () => {
    const errors = messages(RegisterRequestSchema, { ...validRegister, username: 'ab', comfirmedPassword: 'nope' });
    expect(errors.username).toEqual([AccountMessages.usernameMin]);
    expect(errors.comfirmedPassword).toEqual([AccountMessages.confirmMismatch]);
  });

  it('reports every broken password rule at once', () => {
    expect(messages(RegisterRequestSchema, { ...validRegister, password: '!!!', comfirmedPassword: '!!!' }).password).toEqual([
      AccountMessages.passwordMin,
      AccountMessages.passwordLower,
      AccountMessages.passwordUpper,
      AccountMessages.passwordDigit,
    ]);
  });
});

describe('LoginRequestSchema', () => {
  it('accepts an email or a username, trimmed', () => {
    expect(LoginRequestSchema.parse({ emailOrUsername: ' alice ', password: 'x' })).toEqual({ emailOrUsername: 'alice', password: 'x' });
  });

  it.each([
    [{ password: 'x' }, 'emailOrUsername', 'Email or Username is required!'],
    [{ emailOrUsername: '   ', password: 'x' }, 'emailOrUsername', 'Email or Username is required!'],
    [{ emailOrUsername: 'alice' }, 'password', 'Password is required!'],
    [{ emailOrUsername: 'alice', password: '' }, 'password', 'Password is required!'],
    [{ emailOrUsername: 'a'.repeat(255), password: 'x' }, 'emailOrUsername', AccountMessages.valueTooLong],
    [{ emailOrUsername: 'alice', password: 'x'.repeat(201) }, 'password', AccountMessages.valueTooLong],
  ])('%o gives %s: %s', (input, field, message) => {
    expect(messages(LoginRequestSchema, input)[field]).toContain(message);
  });
});

describe('UpdateProfileRequestSchema (settings)', () => {
  const valid = { username: 'alice', email: 'alice@example.com', phoneNumber: '+35799123456' };

  it('accepts a phone of 8 to 15 digits with an optional leading +, or none', () => {
    for (const phoneNumber of ['12345678', '+123456789012345', '', null, undefined]) {
      expect(messages(UpdateProfileRequestSchema, { ...valid, phoneNumber })).toEqual({});
    }
  });

  it('accepts spaces, dashes and brackets between the digits and keeps only the digits (with the leading +)', () => {
    const parse = (phoneNumber: string) => UpdateProfileRequestSchema.parse({ ...valid, phoneNumber }).phoneNumber;
    expect(parse('+49 151 1234 5678')).toBe('+4915112345678');
    expect(parse(' (030) 123-4567 8 ')).toBe('03012345678');
    expect(parse('+357-99-123456')).toBe('+35799123456');
  });

  it.each([
    [{ username: '' }, 'username', 'Username is required!'],
    [{ username: 'ab' }, 'username', 'Username must be at least 3 characters long!'],
    [{ username: 'a'.repeat(21) }, 'username', 'Username must not exceed 20 characters!'],
    [{ email: '' }, 'email', 'Email is required!'],
    [{ email: 'nope' }, 'email', 'Invalid email address!'],
    [{ phoneNumber: '1234567' }, 'phoneNumber', AccountMessages.phoneInvalid],
    [{ phoneNumber: '1234567890123456' }, 'phoneNumber', AccountMessages.phoneInvalid],
    [{ phoneNumber: '12-34-56-7' }, 'phoneNumber', AccountMessages.phoneInvalid],
    [{ phoneNumber: '+49 151 abc 5678' }, 'phoneNumber', AccountMessages.phoneInvalid],
    [{ phoneNumber: '49 + 151 1234 5678' }, 'phoneNumber', AccountMessages.phoneInvalid],
    [{ phoneNumber: '++12345678' }, 'phoneNumber', AccountMessages.phoneInvalid],
  ])('%o gives %s: %s', (overrides, field, message) => {
    expect(messages(UpdateProfileRequestSchema, { ...valid, ...overrides })[field]).toContain(message);
  });
});

describe('UpdatePasswordRequestSchema (settings)', () => {
  const valid = { currentPassword: 'Old0ne', newPassword: 'NewPassw0rd', confirmPassword: 'NewPassw0rd' };

  it('accepts a valid change', () => {
    expect(messages(UpdatePasswordRequestSchema, valid)).toEqual({});
  });

  it.each([
    [{ currentPassword: '' }, 'currentPassword', 'Current password is required!'],
    [{ newPassword: '' }, 'newPassword', 'Password is required!'],
    [{ newPassword: 'Ab1', confirmPassword: 'Ab1' }, 'newPassword', 'Password must be at least 6 characters long!'],
    [
      { newPassword: 'Abcdefghij1234567890x', confirmPassword: 'Abcdefghij1234567890x' },
      'newPassword',
      'Password must not exceed 20 characters!',
    ],
    [{ newPassword: 'NEWPASSW0RD', confirmPassword: 'NEWPASSW0RD' }, 'newPassword', 'Password must contain at least one lowercase letter!'],
    [{ newPassword: 'newpassw0rd', confirmPassword: 'newpassw0rd' }, 'newPassword', 'Password must contain at least one uppercase letter!'],
    [{ newPassword: 'NewPassword', confirmPassword: 'NewPassword' }, 'newPassword', 'Password must contain at least one digit!'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Confirmed password is required!'],
    [{ confirmPassword: 'NewPassw0rd1' }, 'confirmPassword', 'New passwords do not match.'],
  ])('%o gives %s: %s', (overrides, field, message) => {
    expect(messages(UpdatePasswordRequestSchema, { ...valid, ...overrides })[field]).toContain(message);
  });
});
