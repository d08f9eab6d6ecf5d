import { eq } from 'drizzle-orm';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { mailLocale } from './mail-i18n';
import type { MailTranslate } from './mail-i18n';
import { defineMail, mailMoney, type MailContext } from './mail-kinds';
import { MailMessages } from './mail-messages';
import type { MailService } from './mail.service';

export interface WalletMailDeps {
  mail: MailService;
  productName: string;
  /** The origin of the links (PUBLIC_URL, or the local address in development). */
  origin: string;
}

const walletFrame = (t: MailTranslate, { origin, productName }: MailContext) => ({
  button: { label: t(MailMessages.walletButton), url: `${origin}${WebPaths.profile.wallet}` },
  why: t(MailMessages.walletWhy, { product: productName }),
});

const withdrawalPaidMail = defineMail<{ amountCents: number; account: string }>('withdrawal-paid', {
  security: false,
  build: (t, { amountCents, account }, context) => {
    const values = { amount: mailMoney(context.locale, amountCents), account };
    return {
      subject: t(MailMessages.withdrawalSubject, values),
      paragraphs: [t(MailMessages.withdrawalBody, values)],
      ...walletFrame(t, context),
    };
  },
});

const refundToCardPaidMail = defineMail<{ amountCents: number; cards: string[] }>('refund-to-card-paid', {
  security: false,
  build: (t, { amountCents, cards }, context) => {
    const values = { amount: mailMoney(context.locale, amountCents), cards: cards.join(', ') };
    return { subject: t(MailMessages.refundSubject, values), paragraphs: [t(MailMessages.refundBody, values)], ...walletFrame(t, context) };
  },
});

/**
 * Wallet mail: a withdrawal paid to the bank and a refund paid to the card, written in the wallet's
 * transaction (after the money moved), so a refused or rolled-back payout mails nothing.
 */
export function createWalletMail({ mail, origin }: WalletMailDeps) {
  async function recipient(tx: Tx, userId: string) {
    const [user] = await tx
      .select({ email: users.email, username: users.username, language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user) throw new Error(`wallet mail: user ${userId} not found in its own transaction`);
    return { userId, address: user.email, username: user.username, locale: mailLocale(user.language) };
  }

  return {
    async withdrawalPaid(tx: Tx, event: { userId: string; amountCents: number; payoutAccount: string }): Promise<void> {
      const to = await recipient(tx, event.userId);
      await mail.compose(tx, origin, to, withdrawalPaidMail, { amountCents: event.amountCents, account: event.payoutAccount });
    },

    /** `cards`: the cards refunded, masked ('•••• 4242'). */
    async refundToCardPaid(tx: Tx, event: { userId: string; amountCents: number; cards: string[] }): Promise<void> {
      const to = await recipient(tx, event.userId);
      await mail.compose(tx, origin, to, refundToCardPaidMail, { amountCents: event.amountCents, cards: event.cards });
    },
  };
}
export type WalletMail = ReturnType<typeof createWalletMail>;
