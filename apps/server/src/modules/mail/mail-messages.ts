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
} as const satisfies Record<string, MailMessage>;
