import { z } from 'zod';
import { USERNAME_PATTERN } from '@rentdrive/domain/username';
import { endpoint } from './endpoint';
import { LOCALES } from './locales';
import { AccountPaths } from './paths/account';

/** Validation texts, shared by the forms and the server so both say the same thing. */
export const AccountMessages = {
  usernameRequired: 'Username is required!',
  usernameMin: 'Username must be at least 3 characters long!',
  usernameMax: 'Username must not exceed 20 characters!',
  usernameCharacters: 'Username may only contain letters, digits, dots, hyphens and underscores!',
  emailRequired: 'Email is required!',
  emailInvalid: 'Invalid email address!',
  passwordRequired: 'Password is required!',
  passwordMin: 'Password must be at least 6 characters long!',
  // The spec's text says 50 while the limit is 20; the issue asks for the true limit.
  passwordMax: 'Password must not exceed 20 characters!',
  passwordLower: 'Password must contain at least one lowercase letter!',
  passwordUpper: 'Password must contain at least one uppercase letter!',
  passwordDigit: 'Password must contain at least one digit!',
  confirmRequired: 'Confirmed password is required!',
  confirmMismatch: "Password doesn't match!",
  emailOrUsernameRequired: 'Email or Username is required!',
  phoneInvalid: 'Phone number must have 8 to 15 digits, optionally starting with +.',
  newPasswordsMismatch: 'New passwords do not match.',
  currentPasswordRequired: 'Current password is required!',
  // Server answers (not in the spec, which leaves error texts open).
  currentPasswordIncorrect: 'Current password is incorrect.',
  invalidCredentials: 'Invalid email/username or password.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'An account with this email already exists.',
  valueTooLong: 'This value is too long.',
  languageInvalid: 'Choose one of the languages: en, de, fr, es, it or nl.',
} as const;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const EMAIL_MAX = 254;
/** Bound on a password typed at login or as the current one (older rules may have allowed more than 20). */
export const LOGIN_PASSWORD_MAX = 200;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?\d{8,15}$/;

/**
 * A username as it is chosen (registration, or a change in settings): NFKC-normalized, then letters
 * and digits of any script and `._-` only (see @rentdrive/domain/username).
 */
export const UsernameSchema = z
  .string({ error: AccountMessages.usernameRequired })
  .normalize('NFKC')
  .trim()
  .min(1, AccountMessages.usernameRequired)
  .min(USERNAME_MIN, AccountMessages.usernameMin)
  .max(USERNAME_MAX, AccountMessages.usernameMax)
  .regex(USERNAME_PATTERN, AccountMessages.usernameCharacters);

/**
 * The username field of the profile form: names from before the character rule must still save
 * unchanged, so only the length is checked here; the server applies the rule when the name changes.
 */
export const ProfileUsernameSchema = z
  .string({ error: AccountMessages.usernameRequired })
  .trim()
  .min(1, AccountMessages.usernameRequired)
  .min(USERNAME_MIN, AccountMessages.usernameMin)
  .max(USERNAME_MAX, AccountMessages.usernameMax);

export const EmailSchema = z
  .string({ error: AccountMessages.emailRequired })
  .trim()
  .min(1, AccountMessages.emailRequired)
  .max(EMAIL_MAX, AccountMessages.emailInvalid)
  .regex(EMAIL_PATTERN, AccountMessages.emailInvalid);

export const PasswordSchema = z
  .string({ error: AccountMessages.passwordRequired })
  .min(1, AccountMessages.passwordRequired)
  .min(PASSWORD_MIN, AccountMessages.passwordMin)
  .max(PASSWORD_MAX, AccountMessages.passwordMax)
  .regex(/[a-z]/, AccountMessages.passwordLower)
  .regex(/[A-Z]/, AccountMessages.passwordUpper)
  .regex(/\d/, AccountMessages.passwordDigit);

/** What people put between the digits of a phone number ('+49 151 1234-5678', '(030) 1234567'). */
const PHONE_SEPARATORS = /[\s\-()]/g;

/**
 * Optional phone: empty means none. Spaces, dashes and brackets may be typed; the digits (with the
 * leading +) are what is checked (8 to 15 digits) and stored.
 */
export const PhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(PHONE_SEPARATORS, ''))
  .refine((v) => v === '' || PHONE_PATTERN.test(v), AccountMessages.phoneInvalid)
  .nullish();

export const RegisterRequestSchema = z
  .object({
    username: UsernameSchema,
    email: EmailSchema,
    password: PasswordSchema,
    // The existing client spells it so.
    comfirmedPassword: z.string({ error: AccountMessages.confirmRequired }).min(1, AccountMessages.confirmRequired),
  })
  .refine((v) => v.password === v.comfirmedPassword, {
    message: AccountMessages.confirmMismatch,
    path: ['comfirmedPassword'],
  });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

export const LoginRequestSchema = z.object({
  emailOrUsername: z
    .string({ error: AccountMessages.emailOrUsernameRequired })
    .trim()
    .min(1, AccountMessages.emailOrUsernameRequired)
    .max(EMAIL_MAX, AccountMessages.valueTooLong),
  password: z
    .string({ error: AccountMessages.passwordRequired })
    .min(1, AccountMessages.passwordRequired)
    .max(LOGIN_PASSWORD_MAX, AccountMessages.valueTooLong),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const UpdateProfileRequestSchema = z.object({
  username: ProfileUsernameSchema,
  email: EmailSchema,
  phoneNumber: PhoneSchema,
});
export type UpdateProfileRequest = z.infer<typeof UpdateProfileRequestSchema>;

export const UpdatePasswordRequestSchema = z
  .object({
    currentPassword: z
      .string({ error: AccountMessages.currentPasswordRequired })
      .min(1, AccountMessages.currentPasswordRequired)
      .max(LOGIN_PASSWORD_MAX, AccountMessages.valueTooLong),
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: AccountMessages.confirmRequired }).min(1, AccountMessages.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AccountMessages.newPasswordsMismatch,
    path: ['confirmPassword'],
  });
export type UpdatePasswordRequest = z.infer<typeof UpdatePasswordRequestSchema>;

export const CurrentUserSchema = z.object({
  id: z.string().uuid(),
  userName: z.string(),
  username: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  memberSince: z.string(),
  isCompanyEmployee: z.boolean(),
  balance: z.number(),
  pendingBalance: z.number(),
  /** The part of the balance that was earned and may be withdrawn to a bank account. */
  withdrawableBalance: z.number(),
  /** The part of the balance added by card and not yet spent: it goes back only to its card. */
  refundableToCard: z.number(),
  /**
   * The language the person reads (notifications, e-mails): the request's language at registration,
   * then what PUT /api/account/language set. The server always sends it; optional for older clients' fixtures.
   */
  language: z.enum(LOCALES).optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * GET /api/account/session: who is signed in, for pages that only want to know. Signed out is an
 * answer here (user null, status 200), not an error: a browser logs every 4xx as a console error, and
 * every public page asks this on load. /api/account/me keeps its 401 for signed-out callers.
 */
export const SessionStateSchema = z.object({ user: CurrentUserSchema.nullable() });
export type SessionState = z.infer<typeof SessionStateSchema>;

/** register, login, logout and update-password answer this (200). */
export const SucceededResponseSchema = z.object({ succeeded: z.literal(true) });
export type SucceededResponse = z.infer<typeof SucceededResponseSchema>;

/** GET /api/account/overview-details. memberSince is an ISO 8601 UTC timestamp. */
export const OverviewDetailsSchema = z.object({
  username: z.string(),
  email: z.string(),
  /** 'N/A' when the user has none. */
  phoneNumber: z.string(),
  memberSince: z.string(),
  completedRentalsCount: z.number().int(),
  /** Mean stars over the reviews of the vehicles the user owns, one decimal; 0 when none. */
  userRating: z.number(),
  vehiclesListedCount: z.number().int(),
});
export type OverviewDetails = z.infer<typeof OverviewDetailsSchema>;

/** GET /api/account/user-profile-details and the answer of PUT update-profile-details. */
export const UserProfileDetailsSchema = z.object({
  username: z.string(),
  email: z.string(),
  /** null when the user has none. */
  phoneNumber: z.string().nullable(),
});
export type UserProfileDetails = z.infer<typeof UserProfileDetailsSchema>;

/** PUT /api/account/language. */
export const UpdateLanguageRequestSchema = z.object({
  language: z.enum(LOCALES, { error: AccountMessages.languageInvalid }),
});
export type UpdateLanguageRequest = z.infer<typeof UpdateLanguageRequestSchema>;
export const LanguageResponseSchema = z.object({ language: z.enum(LOCALES) });

export const Account = {
  register: endpoint('POST', AccountPaths.register, { body: RegisterRequestSchema, response: { 200: SucceededResponseSchema } }),
  login: endpoint('POST', AccountPaths.login, { body: LoginRequestSchema, response: { 200: SucceededResponseSchema } }),
  /** Idempotent: signed out already is fine, and any (or no) body is accepted. */
  logout: endpoint('POST', AccountPaths.logout, { response: { 200: SucceededResponseSchema } }),
  me: endpoint('GET', AccountPaths.me, { response: { 200: CurrentUserSchema } }),
  session: endpoint('GET', AccountPaths.session, { response: { 200: SessionStateSchema } }),
  overviewDetails: endpoint('GET', AccountPaths.overviewDetails, { response: { 200: OverviewDetailsSchema } }),
  profileDetails: endpoint('GET', AccountPaths.profileDetails, { response: { 200: UserProfileDetailsSchema } }),
  updateProfileDetails: endpoint('PUT', AccountPaths.updateProfileDetails, {
    body: UpdateProfileRequestSchema,
    response: { 200: UserProfileDetailsSchema },
  }),
  updatePassword: endpoint('POST', AccountPaths.updatePassword, {
    body: UpdatePasswordRequestSchema,
    response: { 200: SucceededResponseSchema },
  }),
  /** The signed-in person's language; answers it as saved. */
  updateLanguage: endpoint('PUT', AccountPaths.language, {
    body: UpdateLanguageRequestSchema,
    response: { 200: LanguageResponseSchema },
  }),
};
