import { useFormat } from '../../i18n/format';
import { cn } from '../../lib/cn';

// Money is written by the reader's language's formatter only (i18n/format.ts: '12.50€' in English,
// '12,50 €' in German), so no screen writes an amount its own way.

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
