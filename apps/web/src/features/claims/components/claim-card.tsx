import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import type { ReactNode } from 'react';
import type { Claim, ClaimPhotoDto } from '@rentdrive/contracts/claims';
import { Money } from '../../../components/ui/money';
import { useFormat } from '../../../i18n/format';
import { imageSrc } from '../../../lib/image-src';

function Photos({ photos, label }: { photos: ClaimPhotoDto[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2" aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.imageURL}>
          <a
            href={imageSrc(photo.imageURL)}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-control border border-slate-200 focus-visible:outline-2 focus-visible:outline-accent-600"
          >
            <img
              src={imageSrc(photo.thumbURL)}
              alt={`${label} ${index + 1}`}
              width={96}
              height={72}
              loading="lazy"
              className="h-18 w-24 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

export function ClaimStatusBadge({ claim }: { claim: Claim }) {
  return claim.status === 'open' ? (
    <span className="inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800">
      <Trans>Claim open</Trans>
    </span>
  ) : (
    <span className="inline-flex rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
      <Trans>Claim decided</Trans>
    </span>
  );
}

/** A damage claim as its parties and employees read it: the owner's report, the renter's answer, the decision. */
export function ClaimCard({ claim, headingLevel = 3, children }: { claim: Claim; headingLevel?: 2 | 3 | 4; children?: ReactNode }) {
  const { t } = useLingui();
  const format = useFormat();
  const Heading = `h${headingLevel}` as const;
  const Sub = `h${headingLevel + 1}` as 'h3' | 'h4' | 'h5';
  const owner = claim.ownerName;
  const renter = claim.renterName;
  const opened = format.dateTime(claim.openedAt);
  const reason = claim.decisionReason;
  return (
    <article className="rounded-card border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby={`claim-${claim.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <Heading id={`claim-${claim.id}`} className="text-base font-semibold text-slate-900">
            {claim.vehicle}
          </Heading>
          <p className="text-sm text-slate-600">
            {format.longDate(claim.startDate)} – {format.longDate(claim.endDate)} · <Trans>Owner: {owner}</Trans> ·{' '}
            <Trans>Renter: {renter}</Trans>
          </p>
        </div>
        <ClaimStatusBadge claim={claim} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:max-w-sm">
        <dt className="text-slate-600">
          <Trans>Claimed</Trans>
        </dt>
        <dd className="text-right">
          <Money amount={claim.amount} className="font-semibold" />
        </dd>
        <dt className="text-slate-600">
          <Trans>Deposit held</Trans>
        </dt>
        <dd className="text-right">
          <Money amount={claim.deposit} />
        </dd>
      </dl>
      <section className="mt-3">
        <Sub className="text-sm font-semibold text-slate-800">
          <Trans>Damage reported on {opened}</Trans>
        </Sub>
        <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{claim.description}</p>
        <Photos photos={claim.photos} label={t`Photo of the damage`} />
      </section>
      <section className="mt-3">
        <Sub className="text-sm font-semibold text-slate-800">
          <Trans>The renter's answer</Trans>
        </Sub>
        {claim.answer ? (
          <>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{claim.answer}</p>
            <Photos photos={claim.answerPhotos} label={t`Renter's photo`} />
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-500 italic">
            <Trans>No answer yet.</Trans>
          </p>
        )}
      </section>
      {claim.status === 'decided' && claim.ownerPaid !== null && claim.renterRefund !== null && (
        <section className="mt-3 rounded-control bg-slate-50 p-3 text-sm">
          <Sub className="font-semibold text-slate-800">
            <Trans>Decision</Trans>
          </Sub>
          <p className="mt-1 text-slate-700">
            <Trans>
              To the owner: <Money amount={claim.ownerPaid} className="font-semibold" />. Back to the renter:{' '}
              <Money amount={claim.renterRefund} className="font-semibold" />.
            </Trans>
          </p>
          {reason && (
            <p className="mt-1 text-slate-700">
              <Trans>Reason: {reason}</Trans>
            </p>
          )}
        </section>
      )}
      {children}
    </article>
  );
}
