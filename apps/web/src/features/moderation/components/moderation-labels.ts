import { msg } from '@lingui/core/macro';
import '../../../i18n/more-messages';
import type { ModerationAction, ReportTargetType } from '@rentdrive/contracts/moderation';

/** The names of decisions, targets and reasons as the moderation screens show them. */
export const ACTION_LABELS = {
  dismiss: msg`Dismiss`,
  'hide-listing': msg`Hide listing`,
  'restore-listing': msg`Restore listing`,
  'suspend-user': msg`Suspend user`,
  'lift-suspension': msg`Lift suspension`,
} as const satisfies Record<ModerationAction, unknown>;

export const TARGET_LABELS = {
  vehicle: msg`Listing`,
  user: msg`User`,
  message: msg`Chat message`,
} as const satisfies Record<ReportTargetType, unknown>;

export const REASON_NAMES: Record<string, ReturnType<typeof msg>> = {
  illegal: msg`Illegal content`,
  fraud: msg`Fraud or scam`,
  'dangerous-vehicle': msg`Dangerous vehicle`,
  offensive: msg`Offensive`,
  spam: msg`Spam`,
  other: msg`Other`,
  complaint: msg`Answer to a decision`,
};

/** Which decisions fit which target (the server refuses the others). */
export const ACTIONS_FOR: Record<ReportTargetType, readonly ModerationAction[]> = {
  vehicle: ['dismiss', 'hide-listing', 'restore-listing', 'suspend-user', 'lift-suspension'],
  user: ['dismiss', 'suspend-user', 'lift-suspension'],
  message: ['dismiss', 'suspend-user', 'lift-suspension'],
};
