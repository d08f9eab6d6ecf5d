import { eq } from 'drizzle-orm';
import type { Locale } from '@rentdrive/contracts/locales';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { mailLocale } from './mail-i18n';
import { MailMessages } from './mail-messages';
import type { MailService } from './mail.service';

export interface WalletMailDeps {
  mail: MailService;
  productName: string;
  /** The origin of the links (PUBLIC_URL, or the local address in development). */
  origin: string;
}

function money(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

/**
 * Wallet mail: a withdrawal paid to the bank and a refund paid to the card, written in the wallet's
 * transaction (after the money moved), so a refused or rolled-back payout mails nothing.
 */
export function createWalletMail({ mail, productName, origin }: WalletMailDeps) {
  async function recipient(tx: Tx, userId: string) {
    const [user] = await tx
      .select({ email: users.email, username: users.username, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw new Error(`wallet mail: user ${userId} not found in its own transaction`);
    return { userId, address: user.email, username: user.username, locale: mailLocale(user.language) };
  }
  const walletButton = (t: (m: typeof MailMessages.walletButton) => string) => ({
    label: t(MailMessages.walletButton),
    url: `${origin}${WebPaths.profile.wallet}`,
  });

  return {
    async withdrawalPaid(tx: Tx, event: { userId: string; amountCents: number; payoutAccount: string }): Promise<void> {
      const to = await recipient(tx, event.userId);
      const values = { amount: money(to.locale, event.amountCents), account: event.payoutAccount };
      await mail.compose(tx, origin, to, (t) => ({
        kind: 'withdrawal-paid',
        subject: t(MailMessages.withdrawalSubject, values),
        paragraphs: [t(MailMessages.withdrawalBody, values)],
        button: walletButton(t),
        why: t(MailMessages.walletWhy, { product: productName }),
        security: false,
      }));
    },

    /** `cards`: the cards refunded, masked ('•••• 4242'). */
    async refundToCardPaid(tx: Tx, event: { userId: string; amountCents: number; cards: string[] }): Promise<void> {
      const to = await recipient(tx, event.userId);
      const values = { amount: money(to.locale, event.amountCents), cards: event.cards.join(', ') };
      await mail.compose(tx, origin, to, (t) => ({
        kind: 'refund-to-card-paid',
        subject: t(MailMessages.refundSubject, values),
        paragraphs: [t(MailMessages.refundBody, values)],
        button: walletButton(t),
        why: t(MailMessages.walletWhy, { product: productName }),
        security: false,
      }));
    },
  };
}
export type WalletMail = ReturnType<typeof createWalletMail>;
