import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AccountMessages } from '@rentdrive/contracts/account';
import {
  AccountRecoveryMessages,
  RESET_TOKEN_TTL_MS,
  VERIFY_TOKEN_TTL_MS,
  type EmailStatus,
  type ResetPasswordRequest,
} from '@rentdrive/contracts/account-recovery';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Db, Tx } from '../../db/client';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limit';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { defineMail, MailMessages, mailLocale, mailMoment, type MailService } from '../mail/mail.service';
import type { SessionService } from '../session/session.service';
import { createAccountTokensRepository, type TokenPurpose } from './account-tokens.repository';
import { hashPassword } from './password';

export interface AccountRecoveryDeps {
  db: Db;
  clock: Clock;
  /** Kept for the callers; the mail's words come from the mail service at delivery. */
  productName?: string;
  sessions: Pick<SessionService, 'destroyOthers'>;
  mail: MailService;
  /** Reset and verification mails per address: over the limit the request is answered the same, and no mail goes. */
  perAddress: RateLimiter;
  /** REQUIRE_VERIFIED_EMAIL: renting and listing need a verified address (verified-email-guard.ts). */
  requireVerifiedEmail?: boolean;
}

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function badToken(detail: string): AppError {
  return new AppError(400, ErrorCode.ValidationFailed, detail, { token: [detail] });
}

type UserRow = { id: string; username: string; email: string; language: string | null };

// The security mail of this module (ADR 020: stored as data, rendered at delivery). Always sent.
const passwordResetMail = defineMail<{ token: string }>('password-reset', {
  security: true,
  build: (t, { token }, { origin, productName }) => ({
    subject: t(MailMessages.resetSubject, { product: productName }),
    paragraphs: [t(MailMessages.resetIntro)],
    button: { label: t(MailMessages.resetButton), url: `${origin}${WebPaths.resetPassword}?token=${token}` },
    after: [t(MailMessages.resetIgnore)],
    why: t(MailMessages.resetWhy, { product: productName }),
  }),
});

const passwordChangedMail = defineMail<{ at: string }>('password-changed', {
  security: true,
  build: (t, { at }, { origin, productName }) => ({
    subject: t(MailMessages.changedSubject, { product: productName }),
    paragraphs: [t(MailMessages.changedBody, { date: mailMoment(at) }), t(MailMessages.changedNotYou)],
    button: { label: t(MailMessages.changedButton), url: `${origin}${WebPaths.forgotPassword}` },
    why: t(MailMessages.changedWhy, { product: productName }),
  }),
});

const verifyEmailMail = defineMail<{ email: string; token: string }>('verify-email', {
  security: true,
  build: (t, { email, token }, { origin, productName }) => ({
    subject: t(MailMessages.verifySubject, { product: productName }),
    paragraphs: [t(MailMessages.verifyIntro, { email })],
    button: { label: t(MailMessages.verifyButton), url: `${origin}${WebPaths.verifyEmail}?token=${token}` },
    why: t(MailMessages.verifyWhy, { product: productName }),
  }),
});

/** To the old address when a new one is given: nothing changes until the new one is confirmed. */
const emailChangeRequestedMail = defineMail<{ at: string; old: string; new: string }>('email-change-requested', {
  security: true,
  build: (t, values, { origin, productName }) => ({
    subject: t(MailMessages.emailChangeRequestedSubject, { product: productName }),
    paragraphs: [
      t(MailMessages.emailChangeRequestedBody, { date: mailMoment(values.at), old: values.old, new: values.new }),
      t(MailMessages.emailChangeRequestedNotYou),
    ],
    button: { label: t(MailMessages.emailChangedButton), url: `${origin}${WebPaths.contact}` },
    why: t(MailMessages.emailChangeRequestedWhy, { product: productName }),
  }),
});

/** To the old address once the new one is confirmed and the account uses it. */
const emailChangedMail = defineMail<{ at: string; old: string; new: string }>('email-changed', {
  security: true,
  build: (t, values, { origin, productName }) => ({
    subject: t(MailMessages.emailChangedSubject, { product: productName }),
    paragraphs: [
      t(MailMessages.emailChangedBody, { date: mailMoment(values.at), old: values.old, new: values.new }),
      t(MailMessages.emailChangedNotYou),
    ],
    button: { label: t(MailMessages.emailChangedButton), url: `${origin}${WebPaths.contact}` },
    why: t(MailMessages.emailChangedWhy, { product: productName }),
  }),
});

function emailTaken(): AppError {
  return new AppError(409, ErrorCode.EmailTaken, AccountMessages.emailTaken, { email: [AccountMessages.emailTaken] });
}

/**
 * Password recovery and address verification (issue 25): one-use tokens of 32 random bytes, of which
 * only the SHA-256 is kept; the mails go through the outbox in the same transaction as the token.
 */
export function createAccountRecoveryService({ db, clock, sessions, mail, perAddress, requireVerifiedEmail = false }: AccountRecoveryDeps) {
  const repo = createAccountTokensRepository(db);
  const recipient = (user: UserRow) => ({
    userId: user.id,
    address: user.email,
    username: user.username,
    locale: mailLocale(user.language),
  });

  /** `email`: the address a verification link is for (the current one unless a change is pending). */
  async function issueToken(tx: Tx, user: UserRow, purpose: TokenPurpose, ttlMs: number, email = user.email): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await createAccountTokensRepository(tx).insertToken({
      userId: user.id,
      purpose,
      tokenHash: tokenHash(token),
      email: purpose === 'verify-email' ? email : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return token;
  }

  /** The token's row when it is valid for `purpose`; a clear 400 otherwise. */
  async function validToken(token: string, purpose: TokenPurpose) {
    const hash = tokenHash(token);
    const row = await repo.findToken(hash, purpose);
    // The lookup is by hash; comparing the stored hash in constant time keeps the check itself from
    // telling anything by its duration.
    if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) throw badToken(AccountRecoveryMessages.tokenInvalid);
    if (row.usedAt) throw badToken(AccountRecoveryMessages.tokenUsed);
    if (row.expiresAt.getTime() <= clock.now().getTime()) throw badToken(AccountRecoveryMessages.tokenExpired);
    return row;
  }

  async function composePasswordChanged(tx: Tx, origin: string, user: UserRow): Promise<void> {
    await mail.compose(tx, origin, recipient(user), passwordChangedMail, { at: clock.now().toISOString() });
  }

  /** A 48-hour link to `email` (the current address, or the one the user asked to change to). */
  async function composeVerification(tx: Tx, origin: string, user: UserRow, email = user.email): Promise<void> {
    const token = await issueToken(tx, user, 'verify-email', VERIFY_TOKEN_TTL_MS, email);
    await mail.compose(tx, origin, { ...recipient(user), address: email }, verifyEmailMail, { email, token });
  }

  return {
    /**
     * Queues a reset link when an account matches; answers nothing either way, so the caller's answer
     * cannot tell whether the account exists. Over the per-address limit nothing is sent.
     */
    async forgotPassword(emailOrUsername: string, origin: string): Promise<void> {
      const identifier = emailOrUsername.trim().toLowerCase();
      const allowed = await perAddress.take(`forgot:${identifier}`).then(
        () => true,
        () => false,
      );
      const candidates = await repo.findByLogin(identifier);
      // One user's username may equal another's e-mail: the e-mail's owner is the one meant.
      const user = candidates.find((c) => c.email.toLowerCase() === identifier) ?? candidates[0];
      if (!user || !allowed) return;
      await transact(db, async (tx) => {
        const token = await issueToken(tx, user, 'reset-password', RESET_TOKEN_TTL_MS);
        await mail.compose(tx, origin, recipient(user), passwordResetMail, { token });
      });
    },

    /** Sets the new password, uses the token up, ends every session of the account and mails the owner. */
    async resetPassword(input: ResetPasswordRequest, origin: string, context?: AuditContext): Promise<void> {
      const row = await validToken(input.token, 'reset-password');
      const passwordHash = await hashPassword(input.newPassword);
      await transact(db, async (tx) => {
        const txRepo = createAccountTokensRepository(tx);
        if (!(await txRepo.useToken(row.id, clock.now()))) throw badToken(AccountRecoveryMessages.tokenUsed);
        await txRepo.useAllOf(row.userId, 'reset-password', clock.now());
        await txRepo.setPasswordHash(row.userId, passwordHash);
        const user = await txRepo.findUser(row.userId);
        if (user) await composePasswordChanged(tx, origin, user);
        await recordAudit(tx, {
          ip: context?.ip,
          action: 'auth.password-reset',
          target: { type: 'user', id: row.userId },
          occurredAt: clock.now(),
        });
      });
      // Every session ends (their hub connections close too, on every instance).
      await sessions.destroyOthers(row.userId, undefined);
    },

    /** After a change in Settings: 'your password was changed'. */
    async passwordChanged(userId: string, origin: string): Promise<void> {
      await transact(db, async (tx) => {
        const user = await createAccountTokensRepository(tx).findUser(userId);
        if (user) await composePasswordChanged(tx, origin, user);
      });
    },

    /**
     * 'Send again': a 48-hour link to the address waiting for confirmation (a change the user asked
     * for), else to the current address while it is not verified.
     */
    async sendVerification(userId: string, origin: string): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw AppError.unauthenticated();
      const pending = await repo.pendingEmail(user.id, user.email, clock.now());
      if (!pending && (await repo.isVerified(user.id, user.email))) throw AppError.conflict(AccountRecoveryMessages.alreadyVerified);
      await perAddress.take(`verify:${user.id}`).catch(() => {
        throw new AppError(429, ErrorCode.RateLimited, AccountRecoveryMessages.tooManyRequests);
      });
      await transact(db, (tx) => composeVerification(tx, origin, user, pending ?? user.email));
    },

    /**
     * Before a profile update that gives another address (Settings): refused with the same 409 as the
     * update when another account holds it. The account keeps its address until the new one is verified.
     */
    async assertEmailFree(userId: string, email: string): Promise<void> {
      if (await repo.emailHeldByOther(email, userId)) throw emailTaken();
    },

    /**
     * A new address given in Settings (the account keeps the old one until then): a link to confirm
     * it goes to the new address and a notice to the current one (security mail, so the owner of the
     * current address can act), in one transaction. Older unconfirmed changes end.
     */
    async emailChangeRequested(userId: string, newEmail: string, origin: string): Promise<void> {
      await transact(db, async (tx) => {
        const txRepo = createAccountTokensRepository(tx);
        const user = await txRepo.findUser(userId);
        if (!user || user.email.toLowerCase() === newEmail.toLowerCase()) return;
        await txRepo.usePendingLinksExcept(user.id, user.email, clock.now());
        const values = { at: clock.now().toISOString(), old: user.email, new: newEmail };
        await mail.compose(tx, origin, recipient(user), emailChangeRequestedMail, values);
        await composeVerification(tx, origin, user, newEmail);
      });
    },

    /** Right after registering: the first verification link (not counted against 'Send again'). */
    async registered(username: string, origin: string): Promise<void> {
      const user = (await repo.findByLogin(username)).find((c) => c.username.toLowerCase() === username.toLowerCase());
      if (user) await transact(db, (tx) => composeVerification(tx, origin, user));
    },

    /**
     * Confirms the link's address. When it is an address the user asked to change to, the account
     * takes it now (a 409 if another account took it meanwhile), and the old address is told.
     */
    async verifyEmail(token: string, origin: string, context?: AuditContext): Promise<void> {
      const row = await validToken(token, 'verify-email');
      await transact(db, async (tx) => {
        const txRepo = createAccountTokensRepository(tx);
        if (!(await txRepo.useToken(row.id, clock.now()))) throw badToken(AccountRecoveryMessages.tokenUsed);
        const email = row.email!;
        const user = await txRepo.findUser(row.userId);
        if (user && user.email.toLowerCase() !== email.toLowerCase()) {
          if (await txRepo.emailHeldByOther(email, user.id)) throw emailTaken();
          await txRepo.setEmail(user.id, email);
          // Links to the old address (or to other addresses once asked for) no longer mean anything.
          await txRepo.usePendingLinksExcept(user.id, email, clock.now());
          await recordAudit(tx, {
            actorId: user.id,
            ip: context?.ip,
            action: 'auth.email-change',
            target: { type: 'user', id: user.id },
            occurredAt: clock.now(),
          });
          // The old address hears that the change is done (reset links now go to the new one).
          await mail.compose(tx, origin, recipient(user), emailChangedMail, { at: clock.now().toISOString(), old: user.email, new: email });
        }
        await txRepo.markVerified(row.userId, email, clock.now());
      });
    },

    requireVerifiedEmail,

    /** Whether the user's current address is verified (false for an unknown user). */
    async isVerified(userId: string): Promise<boolean> {
      const user = await repo.findUser(userId);
      return user ? repo.isVerified(user.id, user.email) : false;
    },

    async emailStatus(userId: string): Promise<EmailStatus> {
      const user = await repo.findUser(userId);
      if (!user) throw AppError.unauthenticated();
      return {
        email: user.email,
        verified: await repo.isVerified(user.id, user.email),
        pendingEmail: (await repo.pendingEmail(user.id, user.email, clock.now())) ?? null,
      };
    },
  };
}
export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
