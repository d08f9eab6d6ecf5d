import { z } from 'zod';
import { AccountMessages, LOGIN_PASSWORD_MAX } from './account';
import { endpoint } from './endpoint';

/** The user's own data (issue 28, GDPR articles 15, 17 and 20): take it with them, or erase the account. */
export const AccountDataPaths = {
  /** GET: one JSON document of everything the account holds (docs/account-export.md). */
  export: '/api/account/export',
  /** DELETE with `{ password }`: erases the account, keeping a 'Deleted user' tombstone. */
  account: '/api/account',
} as const;

/** Why a deletion is refused (409): the `reasons` of the answer, each with its sentence in `detail`. */
export const ACCOUNT_DELETION_BLOCKERS = ['wallet-balance', 'pending-earnings', 'open-rental', 'deposit-held', 'claim-open'] as const;
export type AccountDeletionBlocker = (typeof ACCOUNT_DELETION_BLOCKERS)[number];

export const AccountDataMessages = {
  walletBalance: 'Your wallet still holds money. Withdraw it or refund it to your card first.',
  pendingEarnings: 'Earnings from your rentals are still on their way to your wallet. Wait until they arrive and withdraw them first.',
  openRental: 'A rental of yours is requested or active. Wait until it is completed, or cancel it first.',
  depositHeld: 'A security deposit is still held for one of your rentals (a claim may be open). Wait until it is released.',
  claimOpen: 'A damage claim on one of your rentals is open. Wait until our team has decided it.',
  cannotDelete: 'Your account cannot be deleted yet.',
  passwordIncorrect: 'The password is incorrect.',
  deleted: 'Your account has been deleted.',
} as const;

export const DeleteAccountRequestSchema = z.object({
  password: z
    .string({ error: AccountMessages.passwordRequired })
    .min(1, AccountMessages.passwordRequired)
    .max(LOGIN_PASSWORD_MAX, AccountMessages.valueTooLong),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

export const DeleteAccountResponseSchema = z.object({ deleted: z.literal(true) });

/** The 409 of a refused deletion: problem+json with every reason that stands in the way. */
export const DeleteAccountRefusalSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.literal(409),
  detail: z.string(),
  code: z.string(),
  reasons: z.array(z.enum(ACCOUNT_DELETION_BLOCKERS)),
});

// ---- the export's shape (docs/account-export.md); amounts in integer cents, times ISO 8601 UTC ----

const Instant = z.string();
export const ExportVehicleSchema = z.object({
  id: z.string(),
  make: z.string(),
  model: z.string(),
  color: z.string(),
  fuelType: z.number().int(),
  yearOfProduction: z.number().int(),
  pricePerDayCents: z.number().int(),
  description: z.string(),
  createdAt: Instant,
  deletedAt: Instant.nullable(),
  /** Absolute URLs of each image: the large one and the card-sized one. */
  images: z.array(z.object({ url: z.string(), thumbnailUrl: z.string() })),
});
export const ExportRentalSchema = z.object({
  id: z.string(),
  /** 'renter': the account rented it; 'owner': someone rented the account's vehicle. */
  role: z.enum(['renter', 'owner']),
  vehicleId: z.string(),
  vehicle: z.string(),
  renter: z.string(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  totalCents: z.number().int(),
  depositCents: z.number().int(),
  bookedAt: Instant,
  completedAt: Instant.nullable(),
  cancelledAt: Instant.nullable(),
});
export const ExportReviewSchema = z.object({
  id: z.string(),
  rentalId: z.string(),
  vehicleId: z.string(),
  vehicle: z.string(),
  reviewer: z.string(),
  /** What was reviewed: the vehicle (by its renter) or the renter (by the vehicle's owner, issue 27). */
  about: z.enum(['vehicle', 'renter']),
  starRating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: Instant,
  /**
   * When the review was published (double-blind, issue 27); null: not yet, visible only to its author.
   * Only the user's own reviews can be unpublished here: reviews about them appear once published.
   */
  publishedAt: Instant.nullable(),
});
export const ExportWalletTransactionSchema = z.object({
  id: z.string(),
  /** Deposit, Withdraw, Rental Payment, Rental Profit, Refund... (the wallet history's labels). */
  type: z.string(),
  /** Into the wallet positive, out of it negative. */
  amountCents: z.number().int(),
  rentalId: z.string().nullable(),
  createdAt: Instant,
});
export const ExportNotificationSchema = z.object({
  id: z.string(),
  type: z.string(),
  text: z.string(),
  link: z.string(),
  createdOn: Instant,
  readAt: Instant.nullable(),
});
export const ExportChatMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['sent', 'received']),
  /** The other person's name. */
  partner: z.string(),
  partnerId: z.string(),
  text: z.string(),
  sentAt: Instant,
});

export const AccountExportSchema = z.object({
  format: z.literal('rentdrive-account-export'),
  version: z.literal(1),
  exportedAt: Instant,
  account: z.object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    phoneNumber: z.string().nullable(),
    language: z.string(),
    memberSince: Instant,
    isCompanyEmployee: z.boolean(),
    walletBalanceCents: z.number().int(),
  }),
  vehicles: z.array(ExportVehicleSchema),
  rentals: z.array(ExportRentalSchema),
  reviewsWritten: z.array(ExportReviewSchema),
  reviewsReceived: z.array(ExportReviewSchema),
  walletTransactions: z.array(ExportWalletTransactionSchema),
  notifications: z.array(ExportNotificationSchema),
  chatMessages: z.array(ExportChatMessageSchema),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const AccountData = {
  /** Streamed (chunked) as it is read; `Content-Disposition: attachment`. */
  export: endpoint('GET', AccountDataPaths.export, { response: { 200: AccountExportSchema } }),
  delete: endpoint('DELETE', AccountDataPaths.account, {
    body: DeleteAccountRequestSchema,
    response: { 200: DeleteAccountResponseSchema, 409: DeleteAccountRefusalSchema },
  }),
};
