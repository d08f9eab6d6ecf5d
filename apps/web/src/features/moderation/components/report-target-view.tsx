import { Trans } from '@lingui/react/macro';
import type { ReportTarget } from '@rentdrive/contracts/moderation';
import { WebPaths } from '@rentdrive/contracts/web-paths';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import '../../../i18n/more-messages';

/** The reported target as users see it: the listing, the profile, or the message in its conversation. */
export function ReportTargetView({ target }: { target: ReportTarget }) {
  const format = useFormat();
  if (!target.exists) {
    return (
      <p className="text-sm text-slate-600">
        <Trans>This no longer exists (it was deleted).</Trans>
      </p>
    );
  }
  if (target.type === 'vehicle') {
    return (
      // A thumbnail beside the text at every width (full width, it filled a phone's screen).
      <div className="flex gap-3">
        {target.imageURL && (
          <img
            src={`/${target.imageURL}`}
            alt=""
            className="aspect-[4/3] w-24 shrink-0 self-start rounded-control object-cover sm:w-40"
            loading="lazy"
          />
        )}
        <div className="min-w-0 text-sm text-slate-700">
          <p className="font-semibold text-slate-900">
            <a href={WebPaths.vehicle(target.id)} className="text-accent-800 underline">
              {target.title}
            </a>
          </p>
          <p>
            <Trans>Owner: {target.ownerName}</Trans> · <Money amount={target.pricePerDayCents / 100} /> <Trans>/ day</Trans>
          </p>
          <p className="mt-1 line-clamp-3 whitespace-pre-line">{target.description}</p>
          {target.hiddenReason !== null && (
            <p className="mt-1 font-medium text-amber-800">
              <Trans>Hidden: {target.hiddenReason}</Trans>
            </p>
          )}
        </div>
      </div>
    );
  }
  if (target.type === 'user') {
    const since = format.longDate(target.memberSince);
    return (
      <div className="text-sm text-slate-700">
        <p className="font-semibold text-slate-900">{target.username}</p>
        <p>
          <Trans>Member since {since}</Trans>
        </p>
        {target.isSuspended && (
          <p className="font-medium text-amber-800">
            {target.suspendedUntil ? (
              <Trans>Suspended until {format.dateTime(target.suspendedUntil)}</Trans>
            ) : (
              <Trans>Suspended until lifted</Trans>
            )}
          </p>
        )}
      </div>
    );
  }
  return (
    <ol className="flex flex-col gap-1 text-sm" aria-label={`${target.senderName}`}>
      {target.conversation.map((line) => (
        <li
          key={line.id}
          className={cn(
            'rounded-control px-3 py-1.5',
            line.isReported ? 'border border-red-300 bg-red-50 text-slate-900' : 'bg-slate-50 text-slate-700',
          )}
        >
          <span className="font-medium">{line.senderName}</span>{' '}
          <span className="text-xs text-slate-600">{format.dateTime(line.sentAt)}</span>
          {line.isReported && (
            <span className="ml-2 text-xs font-semibold text-red-800">
              <Trans>Reported</Trans>
            </span>
          )}
          <p className="whitespace-pre-wrap break-words">{line.text}</p>
        </li>
      ))}
    </ol>
  );
}
