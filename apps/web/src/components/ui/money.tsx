import { formatEuros } from '@rentdrive/domain/money';
import { useFormat } from '../../i18n/format';
import { cn } from '../../lib/cn';

/** '12.50€' — two decimals and the euro sign after the amount, as the spec writes it. */
export function formatMoney(euros: number): string {
  return `${formatEuros(euros)}€`;
}

export type MoneyTone = 'auto' | 'in' | 'out' | 'pending' | 'neutral';

const TONE_CLASSES: Record<Exclude<MoneyTone, 'auto'>, string> = {
  in: 'text-money-in',
  out: 'text-money-out',
  pending: 'text-pending',
  neutral: '',
};

export interface MoneyProps {
  /** Amount in euros (as on the wire); may be negative. */
  amount: number;
  /** 'auto': negative -> out (red), positive -> in (green), zero neutral. Default 'neutral'. */
  tone?: MoneyTone;
  /** Prefix positive amounts with '+' (transaction lists). */
  showPlus?: boolean;
  className?: string;
}

/** An amount in tabular numerals, colored for money in/out when asked. */
export function Money({ amount, tone = 'neutral', showPlus = false, className }: MoneyProps) {
  const format = useFormat();
  const resolved = tone === 'auto' ? (amount < 0 ? 'out' : amount > 0 ? 'in' : 'neutral') : tone;
  const text = `${showPlus && amount > 0 ? '+' : ''}${format.money(amount)}`;
  return <span className={cn('tabular-nums', TONE_CLASSES[resolved], className)}>{text}</span>;
}
