/**
 * The texts of the e-mails (issue 25), in the `api` catalogue (packages/contracts/src/i18n/, ADR 018)
 * like the server's other texts; each message is written in its recipient's language
 * (mail-i18n.ts). `{product}` is the product's name.
 */
export interface MailMessage {
  readonly id: string;
  readonly message: string;
}

export const MailMessages = {
  greeting: /*i18n*/ { id: 'mail.greeting', message: 'Hello {username},' },
  securityFooter: /*i18n*/ {
    id: 'mail.securityFooter',
    message: 'This is a security message about your {product} account: it is always sent, whatever your e-mail settings.',
  },
  settingsLink: /*i18n*/ { id: 'mail.settingsLink', message: 'Your e-mail settings' },
  unsubscribeLink: /*i18n*/ { id: 'mail.unsubscribeLink', message: 'Stop e-mails like this one' },
  resetSubject: /*i18n*/ { id: 'mail.resetSubject', message: 'Reset your {product} password' },
  resetIntro: /*i18n*/ {
    id: 'mail.resetIntro',
    message:
      'We received a request to reset the password of your account. Choose a new password with the button below: the link works once, within one hour.',
  },
  resetButton: /*i18n*/ { id: 'mail.resetButton', message: 'Choose a new password' },
  resetIgnore: /*i18n*/ {
    id: 'mail.resetIgnore',
    message: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
  resetWhy: /*i18n*/ {
    id: 'mail.resetWhy',
    message: 'You received this e-mail because someone asked to reset the password of the {product} account registered with this address.',
  },
  changedSubject: /*i18n*/ { id: 'mail.changedSubject', message: 'Your {product} password was changed' },
  changedBody: /*i18n*/ {
    id: 'mail.changedBody',
    message: 'The password of your account was changed on {date}. Every session signed in with the old password has been signed out.',
  },
  changedNotYou: /*i18n*/ {
    id: 'mail.changedNotYou',
    message: 'If you did not do this, reset your password now and check your account.',
  },
  changedButton: /*i18n*/ { id: 'mail.changedButton', message: 'Reset my password' },
  changedWhy: /*i18n*/ {
    id: 'mail.changedWhy',
    message: 'You received this e-mail because the password of your {product} account was changed.',
  },
  verifySubject: /*i18n*/ { id: 'mail.verifySubject', message: 'Confirm your e-mail address for {product}' },
  verifyIntro: /*i18n*/ {
    id: 'mail.verifyIntro',
    message: 'Please confirm that {email} is your address. The link works once, within 48 hours.',
  },
  verifyButton: /*i18n*/ { id: 'mail.verifyButton', message: 'Confirm my address' },
  verifyWhy: /*i18n*/ {
    id: 'mail.verifyWhy',
    message: 'You received this e-mail because this address was given for a {product} account.',
  },
  chatDigestSubject: /*i18n*/ {
    id: 'mail.chatDigestSubject',
    message: '{count, plural, one {You have # unread message} other {You have # unread messages}} on {product}',
  },
  chatDigestBody: /*i18n*/ {
    id: 'mail.chatDigestBody',
    message: '{count, plural, one {# message is} other {# messages are}} waiting for you in the chat, from {senders}.',
  },
  chatDigestButton: /*i18n*/ { id: 'mail.chatDigestButton', message: 'Open the chat' },
  chatDigestWhy: /*i18n*/ {
    id: 'mail.chatDigestWhy',
    message:
      'You received this e-mail because messages for you on {product} stayed unread while you were away. You get at most one such e-mail until you read them.',
  },
  emailChangedSubject: /*i18n*/ { id: 'mail.emailChangedSubject', message: 'The e-mail address of your {product} account was changed' },
  emailChangedBody: /*i18n*/ {
    id: 'mail.emailChangedBody',
    message:
      'On {date} the e-mail address of your account was changed from {old} to {new}. Messages about your account now go to the new address.',
  },
  emailChangedNotYou: /*i18n*/ {
    id: 'mail.emailChangedNotYou',
    message:
      'If you did not do this, write to us at once through the contact page: a link to reset the password would now go to the new address.',
  },
  emailChangedButton: /*i18n*/ { id: 'mail.emailChangedButton', message: 'Contact us' },
  emailChangedWhy: /*i18n*/ {
    id: 'mail.emailChangedWhy',
    message: 'You received this e-mail because this address was the one of a {product} account until now.',
  },
  emailChangeRequestedSubject: /*i18n*/ {
    id: 'mail.emailChangeRequestedSubject',
    message: 'A new e-mail address was given for your {product} account',
  },
  emailChangeRequestedBody: /*i18n*/ {
    id: 'mail.emailChangeRequestedBody',
    message:
      'On {date} someone signed in to your account asked to change its e-mail address from {old} to {new}. Nothing changes until the new address is confirmed with the link we sent to it: until then your account keeps using this address.',
  },
  emailChangeRequestedNotYou: /*i18n*/ {
    id: 'mail.emailChangeRequestedNotYou',
    message: 'If you did not ask for this, change your password now and write to us through the contact page.',
  },
  emailChangeRequestedWhy: /*i18n*/ {
    id: 'mail.emailChangeRequestedWhy',
    message: 'You received this e-mail because this is the address of a {product} account.',
  },
  bookingConfirmedSubject: /*i18n*/ { id: 'mail.bookingConfirmedSubject', message: 'Your booking of the {vehicle} is confirmed' },
  bookingConfirmedBody: /*i18n*/ {
    id: 'mail.bookingConfirmedBody',
    message: 'You booked the {vehicle} of {owner} from {start} to {end} ({days, plural, one {# day} other {# days}}) for {total}.',
  },
  rentalsButton: /*i18n*/ { id: 'mail.rentalsButton', message: 'See my rentals' },
  renterWhy: /*i18n*/ { id: 'mail.renterWhy', message: 'You received this e-mail because you booked a vehicle on {product}.' },
  bookingCancelledSubject: /*i18n*/ { id: 'mail.bookingCancelledSubject', message: 'Your booking of the {vehicle} is cancelled' },
  bookingCancelledBody: /*i18n*/ {
    id: 'mail.bookingCancelledBody',
    message: 'Your booking of the {vehicle} from {start} to {end} is cancelled. {total} has been refunded to your wallet.',
  },
  walletButton: /*i18n*/ { id: 'mail.walletButton', message: 'See my wallet' },
  ownerBookingSubject: /*i18n*/ { id: 'mail.ownerBookingSubject', message: 'New booking of your {vehicle}' },
  ownerBookingBody: /*i18n*/ {
    id: 'mail.ownerBookingBody',
    message: '{renter} booked your {vehicle} from {start} to {end} ({days, plural, one {# day} other {# days}}) for {total}.',
  },
  ownerCancelledSubject: /*i18n*/ { id: 'mail.ownerCancelledSubject', message: 'A booking of your {vehicle} was cancelled' },
  ownerCancelledBody: /*i18n*/ {
    id: 'mail.ownerCancelledBody',
    message: '{renter} cancelled the booking of your {vehicle} from {start} to {end}. These days are free again.',
  },
  vehiclesButton: /*i18n*/ { id: 'mail.vehiclesButton', message: 'See my vehicles' },
  ownerWhy: /*i18n*/ {
    id: 'mail.ownerWhy',
    message: 'You received this e-mail because a vehicle you list on {product} was booked.',
  },
  completedSubject: /*i18n*/ { id: 'mail.completedSubject', message: 'Your rental is complete — leave a review' },
  completedBody: /*i18n*/ {
    id: 'mail.completedBody',
    message:
      'Your rental of the {vehicle} from {start} to {end} is complete. How was it? Your review helps other renters choose and {owner} improve.',
  },
  reviewButton: /*i18n*/ { id: 'mail.reviewButton', message: 'Leave a review in My Rentals' },
  ownerCompletedSubject: /*i18n*/ { id: 'mail.ownerCompletedSubject', message: 'Rental completed' },
  ownerCompletedBody: /*i18n*/ {
    id: 'mail.ownerCompletedBody',
    message:
      'The rental of your {vehicle} by {renter} from {start} to {end} is complete. Your earnings of {earnings} (after the company fee) are now in your wallet.',
  },
  reviewReceivedSubject: /*i18n*/ { id: 'mail.reviewReceivedSubject', message: '{renter} reviewed your {vehicle}' },
  reviewReceivedBody: /*i18n*/ {
    id: 'mail.reviewReceivedBody',
    message: '{renter} gave your {vehicle} {stars, plural, one {# star} other {# stars}} out of 5 for the rental from {start} to {end}.',
  },
  reviewsButton: /*i18n*/ { id: 'mail.reviewsButton', message: 'See the vehicle and its reviews' },
  withdrawalSubject: /*i18n*/ { id: 'mail.withdrawalSubject', message: 'Your withdrawal of {amount} has been paid' },
  withdrawalBody: /*i18n*/ {
    id: 'mail.withdrawalBody',
    message: '{amount} has been paid out from your wallet to the bank account {account}. Your bank may take a few working days to show it.',
  },
  refundSubject: /*i18n*/ { id: 'mail.refundSubject', message: 'Your refund of {amount} to your card has been paid' },
  refundBody: /*i18n*/ {
    id: 'mail.refundBody',
    message: '{amount} has been refunded from your wallet to your card {cards}. Your bank may take a few working days to show it.',
  },
  walletWhy: /*i18n*/ {
    id: 'mail.walletWhy',
    message: 'You received this e-mail because money was paid out of your {product} wallet.',
  },
  ownerRequestSubject: /*i18n*/ { id: 'mail.ownerRequestSubject', message: 'New booking request for your {vehicle}' },
  ownerRequestBody: /*i18n*/ {
    id: 'mail.ownerRequestBody',
    message:
      '{renter} asks to book your {vehicle} from {start} to {end} ({days, plural, one {# day} other {# days}}) for {total}. Please accept or decline within 24 hours: without an answer the request expires and {renter} gets the money back.',
  },
  ownerRequestButton: /*i18n*/ { id: 'mail.ownerRequestButton', message: 'Answer the request' },
  requestAcceptedSubject: /*i18n*/ { id: 'mail.requestAcceptedSubject', message: '{owner} accepted your request: the {vehicle} is booked' },
  requestAcceptedBody: /*i18n*/ {
    id: 'mail.requestAcceptedBody',
    message:
      '{owner} accepted your request. Your booking of the {vehicle} from {start} to {end} ({days, plural, one {# day} other {# days}}) for {total} is confirmed.',
  },
  requestDeclinedSubject: /*i18n*/ { id: 'mail.requestDeclinedSubject', message: 'Your request for the {vehicle} was declined' },
  requestDeclinedBody: /*i18n*/ {
    id: 'mail.requestDeclinedBody',
    message: '{owner} declined your request for the {vehicle} from {start} to {end}. {refund} has been returned to your wallet.',
  },
  requestExpiredSubject: /*i18n*/ { id: 'mail.requestExpiredSubject', message: 'Your request for the {vehicle} expired' },
  requestExpiredBody: /*i18n*/ {
    id: 'mail.requestExpiredBody',
    message:
      '{owner} did not answer your request for the {vehicle} from {start} to {end} within 24 hours, so it expired. {refund} has been returned to your wallet.',
  },
} as const satisfies Record<string, MailMessage>;
