import type { NotificationPush } from '@rentdrive/contracts/notifications';
import type { AppConfig } from './config/env';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { TestPaymentGateway, type PaymentGateway } from './lib/payment-gateway';
import { createMemoryRateLimitStore, createRateLimiter, type RateLimitStore } from './lib/rate-limit';
import { createAccountRecoveryService } from './modules/account/account-recovery.service';
import { createAccountService } from './modules/account/account.service';
import { createKnownDevices, databaseKey } from './modules/account/known-device';
import { createLoginThrottle, createPgLoginThrottleStore, type LoginThrottleStore } from './modules/account/login-throttle';
import { createAvailabilityService } from './modules/availability/availability.service';
import { createCatalogueService } from './modules/catalogue/catalogue.service';
import { createContactService } from './modules/contact/contact.service';
import { createFavouritesService } from './modules/favourites/favourites.service';
import { createBookingMail } from './modules/mail/booking-mail';
import { createMailQueue } from './modules/mail/mail-queue';
import { createSmtpTransport } from './modules/mail/mail-transport';
import { createMailUnsubscribe } from './modules/mail/mail-unsubscribe';
import { createMailService, type MailService } from './modules/mail/mail.service';
import { createWalletMail } from './modules/mail/wallet-mail';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { createRentalsService } from './modules/rentals/rentals.service';
import { createReviewsService } from './modules/reviews/reviews.service';
import { createSessionService } from './modules/session/session.service';
import { createWalletService } from './modules/wallet/wallet.service';

/**
 * What the services are given besides the configuration, the database and the clock. The app
 * passes the ends that reach its realtime server; the demo seed passes nothing (nobody is connected).
 */
export interface ServiceOverrides {
  /** The card processor (default: the built-in test gateway that approves valid test cards). */
  paymentGateway?: PaymentGateway;
  /** Pushes a notification once its event committed (the app: over the chat hub); default nowhere. */
  pushNotification?: (userId: string, payload: NotificationPush) => void;
  /** Sessions ended (sign-out, password change): the app closes their realtime connections. */
  onSessionsEnded?: (sessionIds: string[]) => Promise<void>;
  /** Failures of work done after a commit (a notification push); default ignored. */
  onError?: (error: unknown, during: string) => void;
  /** Where failed sign-ins are counted (default: the database; the app passes Redis when configured). */
  loginThrottleStore?: LoginThrottleStore;
  /** Where the per-address limits of reset and verification mail are counted (default: this process). */
  limitStore?: RateLimitStore;
  /** The app sets it: mail goes out through SMTP_URL (when set); otherwise it is only kept in the outbox. */
  deliverMail?: boolean;
}

/**
 * Every domain service, constructed once from exactly what it needs, in dependency order; a service
 * reaches another only through what it is given here. Used by the app (apps/server/src/app.ts) and
 * by the demo seed, so both run the same wiring. The services tied to the HTTP server's resources
 * (uploads and images, search, chat) are built by the app.
 */
export function createServices(config: AppConfig, database: Database, clock: Clock, overrides: ServiceOverrides = {}) {
  const { db } = database;
  const sessions = createSessionService({
    db,
    clock,
    ttlDays: config.sessionTtlDays,
    onSessionsEnded: async (sessionIds) => overrides.onSessionsEnded?.(sessionIds),
  });
  // Written inside each event's transaction; pushed once it commits.
  const notifications = createNotificationsService({
    db,
    clock,
    push: (userId, payload) => overrides.pushNotification?.(userId, payload),
    onError: (error) => overrides.onError?.(error, 'notifications: push'),
  });
  const wallet = createWalletService({
    db,
    clock,
    companyFeePercent: config.companyFeePercent,
    gateway: overrides.paymentGateway ?? new TestPaymentGateway(),
    onWithdrawalPaid: async (tx, event) => {
      await notifications.withdrawalPaid(tx, event);
      await walletMail.withdrawalPaid(tx, event);
    },
    onRefundToCardPaid: (tx, event) => walletMail.refundToCardPaid(tx, event),
  });
  const loginThrottle = createLoginThrottle(overrides.loginThrottleStore ?? createPgLoginThrottleStore(db), clock, config.loginLock);
  // The key lives in the database, so every instance verifies what another signed.
  const knownDevices = createKnownDevices(databaseKey(db, 'known_device'), clock);
  const account = createAccountService({ db, clock, sessions, wallet, loginThrottle, knownDevices });
  // E-mail (ADR 020): written to the outbox in each event's transaction; with SMTP_URL a pg-boss job
  // (started by the app) delivers it, without it the message is kept for the development mailbox.
  // Only the app delivers: the demo seed's mail (its bookings) is kept, never sent to demo addresses.
  const mailTransport = config.mail.smtpUrl && overrides.deliverMail ? createSmtpTransport(config.mail.smtpUrl) : undefined;
  const mailQueue = mailTransport
    ? createMailQueue({
        database,
        retryLimit: config.mail.retryLimit,
        retryDelaySeconds: config.mail.retryDelaySeconds,
        pollingIntervalSeconds: config.mail.pollingIntervalSeconds,
        deliver: (outboxId, attempt) => mail.deliver(outboxId, attempt),
        onError: (error) => overrides.onError?.(error, 'mail queue'),
      })
    : undefined;
  const mail: MailService = createMailService({
    db,
    clock,
    productName: config.productName,
    from: config.mail.from,
    delivery: mailQueue && mailTransport ? { queue: mailQueue, transport: mailTransport } : undefined,
    unsubscribe: createMailUnsubscribe(),
  });
  const accountRecovery = createAccountRecoveryService({
    db,
    clock,
    productName: config.productName,
    sessions,
    mail,
    // Three reset or verification mails per address (or account) in 15 minutes.
    perAddress: createRateLimiter(overrides.limitStore ?? createMemoryRateLimitStore(), clock, {
      name: 'mail-address',
      max: 3,
      windowMs: 15 * 60_000,
      detail: 'Too many requests. Please wait a few minutes and try again.',
    }),
    requireVerifiedEmail: config.requireVerifiedEmail,
  });
  const mailing = { mail, mailQueue, mailTransport, accountRecovery };
  const mailOrigin = config.publicUrl ?? `http://localhost:${config.port}`;
  // Used by the wallet's hooks above (called only once a request runs, after this line).
  const walletMail = createWalletMail({ mail, productName: config.productName, origin: mailOrigin });
  const bookingMail = createBookingMail({ mail, productName: config.productName, origin: mailOrigin });
  const catalogue = createCatalogueService({ db, clock });
  const contact = createContactService({ db, clock });
  const rentals = createRentalsService({
    db,
    clock,
    timeZone: config.timeZone,
    autoCompleteAfterDays: config.autoCompleteAfterDays,
    depositReleaseDays: config.depositReleaseDays,
    wallet,
    notifications,
    bookingMail,
    // On-request bookings (issue 27): the renter's mail when the owner accepts or declines, or it expires.
    requestAnswered: (tx, rentalId, outcome) => bookingMail.requestAnswered(tx, rentalId, outcome),
  });
  const reviews = createReviewsService({ db, clock, notifications, reviewMail: bookingMail });
  const availability = createAvailabilityService({ db, clock, timeZone: config.timeZone });
  const favourites = createFavouritesService({ db, clock });
  return { ...mailing, sessions, notifications, wallet, account, catalogue, contact, rentals, reviews, availability, favourites };
}

export type Services = ReturnType<typeof createServices>;
