import { z } from 'zod';
import { endpoint } from './endpoint';
import { ModerationPaths } from './paths/moderation';
import { multiline } from './text';

/** Reports, moderation decisions, suspensions and the employees' Users screen (issue 28). */
export const REPORT_TARGET_TYPES = ['vehicle', 'user', 'message'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_REASONS = ['illegal', 'fraud', 'dangerous-vehicle', 'offensive', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const MODERATION_ACTIONS = ['dismiss', 'hide-listing', 'restore-listing', 'suspend-user', 'lift-suspension'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const REPORT_DETAILS_MAX = 2000;
export const DECISION_REASON_MAX = 2000;

export const ModerationMessages = {
  targetType: 'Choose what you report: a vehicle, a user or a message.',
  targetId: 'The id of what you report is not valid.',
  reason: 'Choose a reason from the list.',
  detailsRequired: 'Describe the problem.',
  detailsTooLong: `Write at most ${REPORT_DETAILS_MAX} characters.`,
  targetNotFound: 'What you report does not exist.',
  reportSelf: 'You cannot report yourself or your own listing.',
  alreadyReported: 'You already reported this; it is waiting for a decision.',
  tooManyReports: 'You sent many reports in a short time. Please wait an hour and try again.',
  action: 'Choose a decision.',
  reasonRequired: 'Write the reason for the decision: it is sent to the people concerned.',
  reasonTooLong: `Write at most ${DECISION_REASON_MAX} characters.`,
  untilInPast: 'The end of a suspension must be in the future.',
  untilInvalid: 'The end of a suspension must be a date and time.',
  reportNotFound: 'This report does not exist.',
  reportDecided: 'This report was already decided.',
  actionNotForTarget: 'This decision does not apply to what was reported.',
  notHidden: 'This listing is not hidden.',
  alreadyHidden: 'This listing is already hidden.',
  notSuspended: 'This user is not suspended.',
  cannotSuspendEmployee: 'An employee cannot be suspended here.',
  decisionNotFound: 'This decision does not exist.',
  alreadyAnswered: 'You already answered this decision.',
  queryTooLong: 'Search with at most 100 characters.',
  userNotFound: 'This user does not exist.',
} as const;

const uuid = (message: string) => z.string().trim().uuid(message);
const details = multiline(
  z.string().trim().min(1, ModerationMessages.detailsRequired).max(REPORT_DETAILS_MAX, ModerationMessages.detailsTooLong),
);

export const CreateReportSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { message: ModerationMessages.targetType }),
  targetId: uuid(ModerationMessages.targetId),
  reason: z.enum(REPORT_REASONS, { message: ModerationMessages.reason }),
  details,
});
export type CreateReport = z.infer<typeof CreateReportSchema>;

export const ReportCreatedSchema = z.object({ id: z.string().uuid(), status: z.literal('open') });

export const DecisionRequestSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { message: ModerationMessages.action }),
  reason: multiline(z.string().trim().min(1, ModerationMessages.reasonRequired).max(DECISION_REASON_MAX, ModerationMessages.reasonTooLong)),
  /** suspend-user: until when (ISO date-time); left out, the suspension lasts until lifted. */
  until: z.string().datetime({ offset: true, message: ModerationMessages.untilInvalid }).nullish(),
});
export type DecisionRequest = z.infer<typeof DecisionRequestSchema>;

export const DecisionSchema = z.object({
  id: z.string().uuid(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string().uuid(),
  reason: z.string(),
  until: z.string().nullable(),
  employeeName: z.string(),
  createdAt: z.string(),
  /** Whether the affected person answered it (once only). */
  answered: z.boolean(),
});
export type Decision = z.infer<typeof DecisionSchema>;

export const RentalSummarySchema = z.object({
  id: z.string().uuid(),
  vehicleId: z.string().uuid(),
  vehicle: z.string(),
  renterName: z.string(),
  ownerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  totalCents: z.number().int(),
});
export type RentalSummary = z.infer<typeof RentalSummarySchema>;

export const DecisionResultSchema = z.object({
  decision: DecisionSchema,
  /** The other open reports of the same target, decided together with this one. */
  reportsClosed: z.number().int(),
  /** suspend-user: the rentals the user is part of that are requested or running (Requested, Active), for the employee to handle. */
  activeRentals: z.array(RentalSummarySchema),
});
export type DecisionResult = z.infer<typeof DecisionResultSchema>;

export const ReportSchema = z.object({
  id: z.string().uuid(),
  kind: z.enum(['report', 'complaint']),
  reason: z.string(),
  details: z.string(),
  reporterId: z.string().uuid(),
  reporterName: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Report = z.infer<typeof ReportSchema>;

const ChatLineSchema = z.object({
  id: z.string().uuid(),
  senderName: z.string(),
  text: z.string(),
  sentAt: z.string(),
  /** The reported message itself. */
  isReported: z.boolean(),
});

/** The target as users see it (or saw it: a removed one says so). */
export const ReportTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('vehicle'),
    id: z.string().uuid(),
    exists: z.boolean(),
    title: z.string(),
    description: z.string(),
    imageURL: z.string().nullable(),
    pricePerDayCents: z.number().int(),
    ownerId: z.string().uuid(),
    ownerName: z.string(),
    hiddenReason: z.string().nullable(),
  }),
  z.object({
    type: z.literal('user'),
    id: z.string().uuid(),
    exists: z.boolean(),
    username: z.string(),
    memberSince: z.string(),
    suspendedUntil: z.string().nullable(),
    isSuspended: z.boolean(),
  }),
  z.object({
    type: z.literal('message'),
    id: z.string().uuid(),
    exists: z.boolean(),
    senderId: z.string().uuid().nullable(),
    senderName: z.string(),
    /** The conversation around the reported message, oldest first. */
    conversation: z.array(ChatLineSchema),
  }),
]);
export type ReportTarget = z.infer<typeof ReportTargetSchema>;

export const ReportGroupSchema = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES),
  targetId: z.string().uuid(),
  /** Open reports and complaints of this target. */
  count: z.number().int(),
  oldestAt: z.string(),
  target: ReportTargetSchema,
  reports: z.array(ReportSchema),
  /** Earlier decisions about this target, newest first. */
  history: z.array(DecisionSchema),
});
export type ReportGroup = z.infer<typeof ReportGroupSchema>;

export const ReportQueueSchema = z.object({ groups: z.array(ReportGroupSchema) });
export type ReportQueue = z.infer<typeof ReportQueueSchema>;

export const UserSearchQuerySchema = z.object({
  q: z.string().trim().max(100, ModerationMessages.queryTooLong).default(''),
});

export const UserRowSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  email: z.string(),
  memberSince: z.string(),
  isCompanyEmployee: z.boolean(),
  isSuspended: z.boolean(),
  suspendedUntil: z.string().nullable(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

export const UserDetailSchema = z.object({
  user: UserRowSchema.extend({ suspensionReason: z.string().nullable() }),
  listings: z.array(
    z.object({ id: z.string().uuid(), title: z.string(), pricePerDayCents: z.number().int(), hiddenReason: z.string().nullable() }),
  ),
  rentals: z.array(RentalSummarySchema),
  wallet: z.object({ balanceCents: z.number().int(), pendingCents: z.number().int(), withdrawableCents: z.number().int() }),
  /** Reports sent by this user and about this user or their listings. */
  reportsBy: z.array(ReportSchema.extend({ targetType: z.enum(REPORT_TARGET_TYPES), targetId: z.string().uuid() })),
  reportsAbout: z.array(ReportSchema.extend({ targetType: z.enum(REPORT_TARGET_TYPES), targetId: z.string().uuid() })),
  decisions: z.array(DecisionSchema),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

export const ComplaintRequestSchema = z.object({ details });
export type ComplaintRequest = z.infer<typeof ComplaintRequestSchema>;

const idParams = z.object({ id: uuid(ModerationMessages.reportNotFound) });

export const Moderation = {
  report: endpoint('POST', ModerationPaths.report, { body: CreateReportSchema, response: { 200: ReportCreatedSchema } }),
  reports: endpoint('GET', ModerationPaths.reports, { response: { 200: ReportQueueSchema } }),
  decide: endpoint('POST', ModerationPaths.decide, {
    params: idParams,
    body: DecisionRequestSchema,
    response: { 200: DecisionResultSchema },
  }),
  users: endpoint('GET', ModerationPaths.users, { query: UserSearchQuerySchema, response: { 200: z.array(UserRowSchema) } }),
  user: endpoint('GET', ModerationPaths.user, {
    params: z.object({ id: uuid(ModerationMessages.userNotFound) }),
    response: { 200: UserDetailSchema },
  }),
  myDecisions: endpoint('GET', ModerationPaths.myDecisions, { response: { 200: z.array(DecisionSchema) } }),
  complain: endpoint('POST', ModerationPaths.complain, {
    params: z.object({ id: uuid(ModerationMessages.decisionNotFound) }),
    body: ComplaintRequestSchema,
    response: { 200: ReportCreatedSchema },
  }),
};
