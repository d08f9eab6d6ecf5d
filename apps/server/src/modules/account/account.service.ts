import {
  AccountMessages,
  type CurrentUser,
  type LoginRequest,
  type OverviewDetails,
  type RegisterRequest,
  type UpdateLanguageRequest,
  type UpdatePasswordRequest,
  type UpdateProfileRequest,
  type UserProfileDetails,
} from '@rentdrive/contracts/account';
import { ErrorCode } from '@rentdrive/contracts/errors';
import { isLocale, type Locale } from '@rentdrive/contracts/locales';
import { centsToEuros } from '@rentdrive/domain/money';
import { isAllowedUsername, normalizeUsername } from '@rentdrive/domain/username';
import type { Db, Tx } from '../../db/client';
import { transact } from '../../db/transactions';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { isUsernameReserved } from '../account-data/account-deletion.service';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import type { SessionService } from '../session/session.service';
import type { WalletService } from '../wallet/wallet.service';
import { createAccountRepository, violatedUniqueIndex } from './account.repository';
import type { DeviceCookie, KnownDevices } from './known-device';
import type { LoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
  sessions: SessionService;
  /** The profile shows the user's balance and pending earnings. */
  wallet: Pick<WalletService, 'getBalances'>;
  /** Failed sign-ins per account, from any address (every instance sees the same count). */
  loginThrottle: LoginThrottle;
  /** Browsers that signed in before: exempt from the account's lock, with their own budget. */
  knownDevices: KnownDevices;
}

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A sign-in's session and the browser's (renewed) known-device cookie. */
export interface SignedIn extends NewSession {
  device: DeviceCookie;
}

const USERNAME_INDEXES = new Set(['users_username_lower_uq', 'users_username_key_uq']);
const EMAIL_INDEX = 'users_email_lower_uq';

/** Account rules: registration, sign-in, profile and password. Throws AppError; knows nothing of HTTP. */
export function createAccountService({ db, clock, sessions, wallet, loginThrottle, knownDevices }: AccountServiceDeps) {
  const repo = createAccountRepository(db);
  // Verifying against a throw-away hash when no user matches keeps the answer time the same, so
  // timing does not tell which usernames exist.
  let decoyHash: Promise<string> | undefined;

  async function assertAvailable(username: string, email: string, exceptUserId?: string): Promise<void> {
    const taken = await repo.findTaken(username, email, exceptUserId);
    // A deleted account's name stays reserved for 30 days (issue 28); the holder's own name is not.
    const reserved = !taken.usernameTaken && (await isUsernameReserved(db, username, clock.now()));
    if (taken.usernameTaken || taken.emailTaken || reserved) throw takenError(taken.usernameTaken || reserved, taken.emailTaken);
  }

  /** Maps a unique-index violation (two requests racing for one name) to the same 409 as the check. */
  function rethrowTaken(error: unknown): never {
    const index = violatedUniqueIndex(error);
    if (index !== undefined && USERNAME_INDEXES.has(index)) throw takenError(true, false);
    if (index === EMAIL_INDEX) throw takenError(false, true);
    throw error;
  }

  /** `alongside`: writes in the new session's transaction (the sign-in's audit event). */
  async function startSession(
    userId: string,
    previousToken: string | undefined,
    alongside?: (tx: Tx) => Promise<unknown>,
  ): Promise<SignedIn> {
    // A sign-in replaces whatever session the browser still carried.
    await sessions.destroy(previousToken);
    const session = await sessions.create(userId, alongside);
    return { ...session, device: await knownDevices.issue(userId) };
  }

  async function loadUser(userId: string) {
    const user = await repo.findById(userId);
    if (!user) throw AppError.unauthenticated();
    return user;
  }

  return {
    /** `language`: the request's language (Accept-Language, or the page's prefix), English when none. */
    async register(input: RegisterRequest, previousToken?: string, language: Locale = 'en'): Promise<SignedIn> {
      await assertAvailable(input.username, input.email);
      const passwordHash = await hashPassword(input.password);
      const user = await repo
        .insertUserWithWallet({
          username: input.username,
          email: input.email,
          passwordHash,
          language,
          createdAt: clock.now(),
        })
        .catch(rethrowTaken);
      return startSession(user.id, previousToken);
    },

    /** `deviceToken`: the browser's known-device cookie, if it sent one. */
    /** `context`: who asks and from where, for the audit trail (sign-ins and locks, issue 28). */
    async login(input: LoginRequest, previousToken?: string, deviceToken?: string, context?: AuditContext): Promise<SignedIn> {
      const candidates = await repo.findByLogin(input.emailOrUsername);
      // One user's username may equal another's email; the email owner is tried first.
      const identifier = input.emailOrUsername.toLowerCase();
      candidates.sort((a, b) => Number(b.email.toLowerCase() === identifier) - Number(a.email.toLowerCase() === identifier));
      // A name nobody has is throttled like an account, so a lock does not tell which names exist.
      const accountKey = candidates[0] ? `user:${candidates[0].id}` : `name:${identifier}`;
      // A browser that signed in to this very account before is counted on its own, not against the
      // account: whoever fails from elsewhere cannot keep the owner out. A cookie for another account
      // (or a forged one) counts against the account like no cookie at all.
      const device = candidates[0] ? await knownDevices.verify(deviceToken) : undefined;
      const known = device !== undefined && device.userId === candidates[0]?.id;
      const throttleKey = known ? device.throttleKey : accountKey;
      await (known ? loginThrottle.attemptKnownDevice(throttleKey) : loginThrottle.attempt(throttleKey)).catch(async (error: unknown) => {
        if (candidates[0])
          await recordAudit(db, {
            ip: context?.ip,
            action: 'auth.sign-in-locked',
            target: { type: 'user', id: candidates[0].id },
            occurredAt: clock.now(),
          });
        throw error;
      });
      if (candidates.length === 0) {
        await verifyPassword(await (decoyHash ??= hashPassword('decoy-Passw0rd')), input.password);
        throw new AppError(401, ErrorCode.InvalidCredentials, AccountMessages.invalidCredentials);
      }
      for (const candidate of candidates) {
        if (await verifyPassword(candidate.passwordHash, input.password)) {
          // Only the count that was charged is forgotten: the owner signing in on a known device
          // leaves the failures from elsewhere (and their lock) standing.
          await loginThrottle.succeeded(throttleKey);
          // The session and its audit event commit together (issue 28).
          return startSession(candidate.id, previousToken, (tx) =>
            recordAudit(tx, {
              actorId: candidate.id,
              ip: context?.ip,
              action: 'auth.sign-in',
              target: { type: 'user', id: candidate.id },
              occurredAt: clock.now(),
            }),
          );
        }
      }
      throw new AppError(401, ErrorCode.InvalidCredentials, AccountMessages.invalidCredentials);
    },

    async logout(token: string | undefined): Promise<void> {
      await sessions.destroy(token);
    },

    async me(userId: string): Promise<CurrentUser> {
      const user = await loadUser(userId);
      const balances = await wallet.getBalances(userId);
      return {
        id: user.id,
        userName: user.username,
        username: user.username,
        email: user.email,
        phoneNumber: user.phoneNumber,
        memberSince: user.createdAt.toISOString(),
        isCompanyEmployee: user.isCompanyEmployee,
        balance: centsToEuros(balances.balanceCents),
        pendingBalance: centsToEuros(balances.pendingCents),
        withdrawableBalance: centsToEuros(balances.withdrawableCents),
        refundableToCard: centsToEuros(balances.refundableToCardCents),
        language: userLanguage(user.language),
      };
    },

    async updateLanguage(userId: string, input: UpdateLanguageRequest): Promise<{ language: Locale }> {
      const updated = await repo.updateLanguage(userId, input.language);
      if (!updated) throw AppError.unauthenticated();
      return { language: userLanguage(updated.language) };
    },

    async overview(userId: string): Promise<OverviewDetails> {
      const user = await loadUser(userId);
      const [completedRentalsCount, meanStars, vehiclesListedCount] = await Promise.all([
        repo.countCompletedRentalsAsRenter(userId),
        repo.meanStarsOfOwnedVehicles(userId),
        repo.countLiveVehicles(userId),
      ]);
      return {
        username: user.username,
        email: user.email,
        phoneNumber: user.phoneNumber || 'N/A',
        memberSince: user.createdAt.toISOString(),
        completedRentalsCount,
        userRating: meanStars == null ? 0 : Math.round(meanStars * 10) / 10,
        vehiclesListedCount,
      };
    },

    async profileDetails(userId: string): Promise<UserProfileDetails> {
      const user = await loadUser(userId);
      return {
        username: user.username,
        email: user.email,
        phoneNumber: user.phoneNumber,
      };
    },

    async updateProfile(userId: string, input: UpdateProfileRequest): Promise<UserProfileDetails> {
      const current = await loadUser(userId);
      // A name from before the character rule saves unchanged; a new name must follow the rule.
      const username = input.username === current.username ? current.username : normalizeUsername(input.username);
      if (username !== current.username && !isAllowedUsername(username)) {
        throw AppError.validation(AccountMessages.usernameCharacters, { username: [AccountMessages.usernameCharacters] });
      }
      await assertAvailable(username, input.email, userId);
      const updated = await repo
        .updateProfile(userId, {
          username,
          email: input.email,
          phoneNumber: input.phoneNumber || null,
        })
        .catch(rethrowTaken);
      if (!updated) throw AppError.unauthenticated();
      return {
        username: updated.username,
        email: updated.email,
        phoneNumber: updated.phoneNumber,
      };
    },

    /** Changes the password and signs out every other session of the user (the current one stays). */
    async updatePassword(
      userId: string,
      input: UpdatePasswordRequest,
      currentToken: string | undefined,
      context?: AuditContext,
    ): Promise<void> {
      const user = await loadUser(userId);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw AppError.validation(AccountMessages.currentPasswordIncorrect, {
          currentPassword: [AccountMessages.currentPasswordIncorrect],
        });
      }
      const passwordHash = await hashPassword(input.newPassword);
      // The change and its audit event commit together (issue 28).
      await transact(db, async (tx) => {
        await createAccountRepository(tx).updatePasswordHash(userId, passwordHash);
        await recordAudit(tx, {
          actorId: userId,
          ip: context?.ip,
          action: 'auth.password-change',
          target: { type: 'user', id: userId },
          occurredAt: clock.now(),
        });
      });
      await sessions.destroyOthers(userId, currentToken);
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

/** A stored language as one of ours; accounts from before the column (null) read English. */
export function userLanguage(stored: string | null | undefined): Locale {
  return isLocale(stored) ? stored : 'en';
}

function takenError(usernameTaken: boolean, emailTaken: boolean): AppError {
  const errors: Record<string, string[]> = {};
  if (usernameTaken) errors.username = [AccountMessages.usernameTaken];
  if (emailTaken) errors.email = [AccountMessages.emailTaken];
  const detail =
    usernameTaken && emailTaken
      ? 'This username is already taken and an account with this email already exists.'
      : usernameTaken
        ? AccountMessages.usernameTaken
        : AccountMessages.emailTaken;
  const code = usernameTaken && emailTaken ? ErrorCode.Conflict : usernameTaken ? ErrorCode.UsernameTaken : ErrorCode.EmailTaken;
  return new AppError(409, code, detail, errors);
}
