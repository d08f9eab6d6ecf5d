import { z } from 'zod';
import { AccountMessages, EMAIL_MAX, PasswordSchema, SucceededResponseSchema } from './account';
import { endpoint } from './endpoint';
import { AccountRecoveryPaths } from './paths/account-recovery';

/**
 * Password recovery and address verification by e-mail (issue 25). Every text here is an api message
 * (api-messages.ts), so a refusal reads in the request's language.
 */
export const AccountRecoveryMessages = {
  tokenRequired: 'The link is missing its token.',
  tokenInvalid: 'This link is not valid. Please ask for a new one.',
  tokenExpired: 'This link has expired. Please ask for a new one.',
  tokenUsed: 'This link has already been used. Please ask for a new one.',
  alreadyVerified: 'Your e-mail address is already verified.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
  /** REQUIRE_VERIFIED_EMAIL: renting and listing wait for a verified address. */
  verifyFirst:
    'Please verify your e-mail address first: open the link we sent you, or choose Send again on the notice at the top of the page.',
} as const;

/** One-hour password reset links, 48-hour verification links (the token: 32 random bytes, base64url). */
export const RESET_TOKEN_TTL_MS = 3_600_000;
export const VERIFY_TOKEN_TTL_MS = 48 * 3_600_000;

const TokenSchema = z
  .string({ error: AccountRecoveryMessages.tokenRequired })
  .trim()
  .min(1, AccountRecoveryMessages.tokenRequired)
  .max(200, AccountRecoveryMessages.tokenInvalid);

export const ForgotPasswordRequestSchema = z.object({
  emailOrUsername: z
    .string({ error: AccountMessages.emailOrUsernameRequired })
    .trim()
    .min(1, AccountMessages.emailOrUsernameRequired)
    .max(EMAIL_MAX, AccountMessages.valueTooLong),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

export const ResetPasswordRequestSchema = z
  .object({
    token: TokenSchema,
    newPassword: PasswordSchema,
    confirmPassword: z.string({ error: AccountMessages.confirmRequired }).min(1, AccountMessages.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AccountMessages.newPasswordsMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

export const VerifyEmailRequestSchema = z.object({ token: TokenSchema });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/** 202: the request is taken; the same answer whether an account matched or not. */
export const AcceptedResponseSchema = z.object({ accepted: z.literal(true) });

/**
 * GET /api/account/email-status: whether the signed-in user's current address is verified, and the
 * address they asked to change to that waits for its confirmation (the account keeps `email` till then).
 */
export const EmailStatusSchema = z.object({ email: z.string(), verified: z.boolean(), pendingEmail: z.string().nullable() });
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

export const AccountRecovery = {
  forgotPassword: endpoint('POST', AccountRecoveryPaths.forgotPassword, {
    body: ForgotPasswordRequestSchema,
    response: { 202: AcceptedResponseSchema },
  }),
  /** Sets the new password, ends every session of the account and mails 'your password was changed'. */
  resetPassword: endpoint('POST', AccountRecoveryPaths.resetPassword, {
    body: ResetPasswordRequestSchema,
    response: { 200: SucceededResponseSchema },
  }),
  verifyEmail: endpoint('POST', AccountRecoveryPaths.verifyEmail, {
    body: VerifyEmailRequestSchema,
    response: { 200: SucceededResponseSchema },
  }),
  /** Signed in: mails a new verification link to the address waiting for confirmation, else the current one (throttled). */
  resendVerification: endpoint('POST', AccountRecoveryPaths.resendVerification, { response: { 202: AcceptedResponseSchema } }),
  emailStatus: endpoint('GET', AccountRecoveryPaths.emailStatus, { response: { 200: EmailStatusSchema } }),
};
