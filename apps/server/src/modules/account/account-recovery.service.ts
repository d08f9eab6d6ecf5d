import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
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
import { MailMessages, mailLocale, type MailService } from '../mail/mail.service';
import type { SessionService } from '../session/session.service';
import { createAccountTokensRepository, type TokenPurpose } from './account-tokens.repository';
import { hashPassword } from './password';
import { recordAudit, type AuditContext } from '../audit/audit.service';

export interface AccountRecoveryDeps {
  db: Db;
  clock: Clock;
  productName: string;
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

/**
 * Password recovery and address verification (issue 25): one-use tokens of 32 random bytes, of which
 * only the SHA-256 is kept; the mails go through the outbox in the same transaction as the token.
 */
export function createAccountRecoveryService({
  db,
  clock,
  productName,
  sessions,
  mail,
  perAddress,
  requireVerifiedEmail = false,
}: AccountRecoveryDeps) {
  const repo = createAccountTokensRepository(db);
  const recipient = (user: UserRow) => ({
    userId: user.id,
    address: user.email,
    username: user.username,
    locale: mailLocale(user.language),
  });

  async function issueToken(tx: Tx, user: UserRow, purpose: TokenPurpose, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await createAccountTokensRepository(tx).insertToken({
      userId: user.id,
      purpose,
      tokenHash: tokenHash(token),
      email: purpose === 'verify-email' ? user.email : null,
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
    await mail.compose(tx, origin, recipient(user), (t) => ({
      kind: 'password-changed',
      subject: t(MailMessages.changedSubject, { product: productName }),
      paragraphs: [
        t(MailMessages.changedBody, { date: clock.now().toISOString().slice(0, 16).replace('T', ' ') + ' UTC' }),
        t(MailMessages.changedNotYou),
      ],
      button: { label: t(MailMessages.changedButton), url: `${origin}${WebPaths.forgotPassword}` },
      why: t(MailMessages.changedWhy, { product: productName }),
      security: true,
    }));
  }

  async function composeVerification(tx: Tx, origin: string, user: UserRow): Promise<void> {
    const token = await issueToken(tx, user, 'verify-email', VERIFY_TOKEN_TTL_MS);
    await mail.compose(tx, origin, recipient(user), (t) => ({
      kind: 'verify-email',
      subject: t(MailMessages.verifySubject, { product: productName }),
      paragraphs: [t(MailMessages.verifyIntro, { email: user.email })],
      button: { label: t(MailMessages.verifyButton), url: `${origin}${WebPaths.verifyEmail}?token=${token}` },
      why: t(MailMessages.verifyWhy, { product: productName }),
      security: true,
    }));
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
        await mail.compose(tx, origin, recipient(user), (t) => ({
          kind: 'password-reset',
          subject: t(MailMessages.resetSubject, { product: productName }),
          paragraphs: [t(MailMessages.resetIntro)],
          button: { label: t(MailMessages.resetButton), url: `${origin}${WebPaths.resetPassword}?token=${token}` },
          after: [t(MailMessages.resetIgnore)],
          why: t(MailMessages.resetWhy, { product: productName }),
          security: true,
        }));
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

    /** After registering (and on 'Send again'): a 48-hour link to the current address. */
    async sendVerification(userId: string, origin: string): Promise<void> {
      const user = await repo.findUser(userId);
      if (!user) throw AppError.unauthenticated();
      if (await repo.isVerified(user.id, user.email)) throw AppError.conflict(AccountRecoveryMessages.alreadyVerified);
      await perAddress.take(`verify:${user.id}`).catch(() => {
        throw new AppError(429, ErrorCode.RateLimited, AccountRecoveryMessages.tooManyRequests);
      });
      await transact(db, (tx) => composeVerification(tx, origin, user));
    },

    /**
     * After the address changed in Settings: a notice to the old address (security mail, so the owner
     * of the old address learns of it) and a verification link to the new one, in one transaction.
     * The audit trail records the change in the same transaction (issue 28).
     */
    async emailChanged(userId: string, previousEmail: string, origin: string, context?: AuditContext): Promise<void> {
      await transact(db, async (tx) => {
        const user = await createAccountTokensRepository(tx).findUser(userId);
        if (!user || user.email.toLowerCase() === previousEmail.toLowerCase()) return;
        await recordAudit(tx, {
          actorId: userId,
          ip: context?.ip,
          action: 'auth.email-change',
          target: { type: 'user', id: userId },
          occurredAt: clock.now(),
        });
        await mail.compose(tx, origin, { ...recipient(user), address: previousEmail }, (t) => ({
          kind: 'email-changed',
          subject: t(MailMessages.emailChangedSubject, { product: productName }),
          paragraphs: [
            t(MailMessages.emailChangedBody, {
              date: clock.now().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
              old: previousEmail,
              new: user.email,
            }),
            t(MailMessages.emailChangedNotYou),
          ],
          button: { label: t(MailMessages.emailChangedButton), url: `${origin}${WebPaths.contact}` },
          why: t(MailMessages.emailChangedWhy, { product: productName }),
          security: true,
        }));
        if (!(await createAccountTokensRepository(tx).isVerified(user.id, user.email))) await composeVerification(tx, origin, user);
      });
    },

    /** Right after registering: the first verification link (not counted against 'Send again'). */
    async registered(username: string, origin: string): Promise<void> {
      const user = (await repo.findByLogin(username)).find((c) => c.username.toLowerCase() === username.toLowerCase());
      if (user) await transact(db, (tx) => composeVerification(tx, origin, user));
    },

    async verifyEmail(token: string): Promise<void> {
      const row = await validToken(token, 'verify-email');
      await transact(db, async (tx) => {
        const txRepo = createAccountTokensRepository(tx);
        if (!(await txRepo.useToken(row.id, clock.now()))) throw badToken(AccountRecoveryMessages.tokenUsed);
        await txRepo.markVerified(row.userId, row.email!, clock.now());
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
      return { email: user.email, verified: await repo.isVerified(user.id, user.email) };
    },
  };
}
export type AccountRecoveryService = ReturnType<typeof createAccountRecoveryService>;
