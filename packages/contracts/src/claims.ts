import { z } from 'zod';
import { hasAtMostTwoDecimals } from '@rentdrive/domain/money';
import { endpoint } from './endpoint';
import { multiline } from './text';

/**
 * Damage claims on a deposit (issue 27, ADR 021): the owner opens one within the release window
 * after completion, the renter answers it, an employee decides. Screens no visitor opens first, so
 * the paths live here beside their schemas (see paths.ts). Money in euros, as the other rental APIs.
 */
export const ClaimPaths = {
  /** GET: the rental's claim for its owner, its renter or an employee; POST (multipart): the owner opens one. */
  rentalClaim: '/api/rental/claim/:rentalId',
  /** POST (multipart): the renter's answer, once. */
  answer: '/api/rental/claim/:rentalId/answer',
  /** GET: employees' list of claims (open first). */
  list: '/api/claims',
  /** GET: the signed-in user's claims, as owner or renter, newest first. */
  mine: '/api/claims/mine',
  /** GET: employees: company vehicles' completed rentals they may still open a claim on. */
  companyClaimable: '/api/claims/company-rentals',
  /** POST: an employee's decision. */
  decide: '/api/claims/:id/decision',
} as const;

/** The URLs the web calls. */
export const claimUrl = {
  rentalClaim: (rentalId: string) => `/api/rental/claim/${encodeURIComponent(rentalId)}`,
  answer: (rentalId: string) => `/api/rental/claim/${encodeURIComponent(rentalId)}/answer`,
  decide: (id: string) => `/api/claims/${encodeURIComponent(id)}/decision`,
};

export const CLAIM_TEXT_MAX = 2000;
export const MAX_CLAIM_PHOTOS = 6;
export const CLAIM_STATUSES = ['open', 'decided'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const ClaimMessages = {
  descriptionRequired: 'Describe the damage.',
  answerRequired: 'Write your answer.',
  reasonRequired: 'Write the reason for the decision: it is sent to both parties.',
  textTooLong: `Write at most ${CLAIM_TEXT_MAX} characters.`,
  amount: 'The amount is more than 0 € with at most two decimals.',
  ownerAmount: 'The amount for the owner is from 0 € with at most two decimals.',
  tooManyPhotos: `Add at most ${MAX_CLAIM_PHOTOS} photos.`,
  rentalNotFound: 'This rental does not exist.',
  claimNotFound: 'This claim does not exist.',
  notYourRental: 'Only the owner of the vehicle can report damage on this rental.',
  notTheRenter: 'Only the renter of this rental can answer its claim.',
  noDeposit: 'This rental has no deposit to claim from.',
  notCompleted: 'Damage can be reported once the rental is completed.',
  windowClosed: 'The time to report damage on this rental is over: its deposit was released.',
  alreadyClaimed: 'A claim was already opened on this rental.',
  amountOverDeposit: 'The amount cannot be more than the deposit.',
  ownerAmountOverClaim: 'The owner cannot get more than the amount claimed.',
  alreadyAnswered: 'You already answered this claim.',
  claimDecided: 'This claim was already decided.',
  ownClaim: 'You cannot decide a claim you are a party to.',
  statusInvalid: 'Status is open or decided.',
} as const;

const euros = (message: string, min: number) =>
  z.number({ error: message }).min(min, message).max(1_000_000, message).refine(hasAtMostTwoDecimals, message);

const text = (required: string) =>
  multiline(z.string({ error: required }).trim().min(1, required).max(CLAIM_TEXT_MAX, ClaimMessages.textTooLong));

/** The text fields of the owner's multipart form (photos in `Images`). */
export const OpenClaimFieldsSchema = z.object({
  description: text(ClaimMessages.descriptionRequired),
  amount: z.coerce.number({ error: ClaimMessages.amount }).pipe(euros(ClaimMessages.amount, 0.01)),
});
export type OpenClaimFields = z.infer<typeof OpenClaimFieldsSchema>;

/** The text field of the renter's multipart answer (photos in `Images`). */
export const AnswerClaimFieldsSchema = z.object({ answer: text(ClaimMessages.answerRequired) });
export type AnswerClaimFields = z.infer<typeof AnswerClaimFieldsSchema>;

export const DecideClaimSchema = z.object({
  /** What the owner gets (euros, 0 up to the amount claimed); the rest of the deposit returns to the renter. */
  ownerAmount: euros(ClaimMessages.ownerAmount, 0),
  reason: text(ClaimMessages.reasonRequired),
});
export type DecideClaim = z.infer<typeof DecideClaimSchema>;

const PhotoSchema = z.object({ imageURL: z.string(), thumbURL: z.string() });
export type ClaimPhotoDto = z.infer<typeof PhotoSchema>;

export const ClaimSchema = z.object({
  id: z.string().uuid(),
  rentalId: z.string().uuid(),
  vehicleId: z.string().uuid(),
  vehicle: z.string(),
  ownerName: z.string(),
  renterName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The rental's deposit (euros). */
  deposit: z.number(),
  /** What the owner claims (euros). */
  amount: z.number(),
  description: z.string(),
  photos: z.array(PhotoSchema),
  openedAt: z.string(),
  answer: z.string().nullable(),
  answerPhotos: z.array(PhotoSchema),
  answeredAt: z.string().nullable(),
  status: z.enum(CLAIM_STATUSES),
  /** Decided: to the owner and back to the renter (euros; together the deposit). */
  ownerPaid: z.number().nullable(),
  renterRefund: z.number().nullable(),
  decisionReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** A rental's claim as its parties see it, and whether the owner may still open one (and until when). */
export const RentalClaimSchema = z.object({
  claim: ClaimSchema.nullable(),
  canOpen: z.boolean(),
  /** The end of the window to open a claim (ISO), null when there is none. */
  openUntil: z.string().nullable(),
  deposit: z.number(),
});
export type RentalClaim = z.infer<typeof RentalClaimSchema>;

/** A claim as one of its parties sees it in their list. */
export const MyClaimSchema = ClaimSchema.extend({ role: z.enum(['owner', 'renter']) });
export type MyClaim = z.infer<typeof MyClaimSchema>;

/** A company vehicle's completed rental whose deposit is still held and has no claim (employees open one). */
export const CompanyClaimableSchema = z.object({
  rentalId: z.string(),
  vehicleId: z.string(),
  vehicle: z.string(),
  renterName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  deposit: z.number(),
  /** The end of the window to open a claim (ISO). */
  openUntil: z.string(),
});
export type CompanyClaimable = z.infer<typeof CompanyClaimableSchema>;

export const ClaimListQuerySchema = z.object({
  status: z.enum(CLAIM_STATUSES, { error: ClaimMessages.statusInvalid }).default('open'),
});

const rentalParams = z.object({ rentalId: z.string().trim().uuid(ClaimMessages.rentalNotFound) });

export const Claims = {
  rentalClaim: endpoint('GET', ClaimPaths.rentalClaim, { params: rentalParams, response: { 200: RentalClaimSchema } }),
  open: endpoint('POST', ClaimPaths.rentalClaim, { params: rentalParams, response: { 200: ClaimSchema } }),
  answer: endpoint('POST', ClaimPaths.answer, { params: rentalParams, response: { 200: ClaimSchema } }),
  mine: endpoint('GET', ClaimPaths.mine, { response: { 200: z.array(MyClaimSchema) } }),
  companyClaimable: endpoint('GET', ClaimPaths.companyClaimable, { response: { 200: z.array(CompanyClaimableSchema) } }),
  list: endpoint('GET', ClaimPaths.list, { query: ClaimListQuerySchema, response: { 200: z.array(ClaimSchema) } }),
  decide: endpoint('POST', ClaimPaths.decide, {
    params: z.object({ id: z.string().trim().uuid(ClaimMessages.claimNotFound) }),
    body: DecideClaimSchema,
    response: { 200: ClaimSchema },
  }),
};
