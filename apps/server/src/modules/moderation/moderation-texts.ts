/**
 * What the people concerned by a moderation decision are told (issue 28), in the `api` catalogue
 * (ADR 018) and written in each recipient's language: the same sentence in the notification and
 * the e-mail, always with the employee's written reason (DSA art. 17).
 */
export const ModerationTexts = {
  reportDecided: /*i18n*/ {
    id: 'moderation.reportDecided',
    message: 'Your report about {target} was decided: {outcome} Reason: {reason}',
  },
  outcomeDismissed: /*i18n*/ { id: 'moderation.outcomeDismissed', message: 'no action was taken.' },
  outcomeHidden: /*i18n*/ { id: 'moderation.outcomeHidden', message: 'the listing was hidden.' },
  outcomeRestored: /*i18n*/ { id: 'moderation.outcomeRestored', message: 'the listing is shown again.' },
  outcomeSuspended: /*i18n*/ { id: 'moderation.outcomeSuspended', message: 'the user was suspended.' },
  outcomeLifted: /*i18n*/ { id: 'moderation.outcomeLifted', message: 'the suspension was lifted.' },
  targetVehicle: /*i18n*/ { id: 'moderation.targetVehicle', message: 'the listing {vehicle}' },
  targetUser: /*i18n*/ { id: 'moderation.targetUser', message: 'the user {username}' },
  targetMessage: /*i18n*/ { id: 'moderation.targetMessage', message: 'a chat message of {username}' },
  listingHidden: /*i18n*/ {
    id: 'moderation.listingHidden',
    message: 'Your listing {vehicle} was hidden by our moderators. Reason: {reason} You can answer this decision once.',
  },
  listingRestored: /*i18n*/ { id: 'moderation.listingRestored', message: 'Your listing {vehicle} is shown again. Reason: {reason}' },
  suspendedUntil: /*i18n*/ {
    id: 'moderation.suspendedUntil',
    message: 'Your account is suspended until {until}. Reason: {reason} You can answer this decision once.',
  },
  suspendedIndefinitely: /*i18n*/ {
    id: 'moderation.suspendedIndefinitely',
    message: 'Your account is suspended until the suspension is lifted. Reason: {reason} You can answer this decision once.',
  },
  suspensionLifted: /*i18n*/ { id: 'moderation.suspensionLifted', message: 'The suspension of your account was lifted. Reason: {reason}' },
  complaintDismissed: /*i18n*/ {
    id: 'moderation.complaintDismissed',
    message: 'Your answer to a moderation decision was reviewed: the decision stands. Reason: {reason}',
  },
  mailSubject: /*i18n*/ { id: 'moderation.mailSubject', message: 'A moderation decision on {product}' },
  mailButton: /*i18n*/ { id: 'moderation.mailButton', message: 'See the decision' },
  mailWhy: /*i18n*/ {
    id: 'moderation.mailWhy',
    message: 'You received this e-mail because you reported something on {product} or a moderation decision concerns your account.',
  },
} as const;
