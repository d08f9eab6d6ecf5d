import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextArea, TextField } from '../../../components/ui/form-fields';
import { Modal } from '../../../components/ui/modal';
import { Money } from '../../../components/ui/money';
import { useToast } from '../../../components/ui/toast';
import { useFormat } from '../../../i18n/format';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { useOpenClaim, useRentalClaim } from '../api/claims';
import { ClaimCard, ClaimStatusBadge } from './claim-card';
import { PhotoInput } from './photo-input';

/**
 * On a completed booking of the owner's vehicle (issue 27): 'Report damage' while the deposit's release
 * window is open, or the claim's state once there is one (its details in a dialog).
 */
export function ReportDamage({ rentalId, vehicleName }: { rentalId: string; vehicleName: string }) {
  const { t } = useLingui();
  const format = useFormat();
  const toast = useToast();
  const state = useRentalClaim(rentalId);
  const open = useOpenClaim();
  const [isFormOpen, setFormOpen] = useState(false);
  const [isClaimOpen, setClaimOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const errors = isApiError(open.error) ? open.error.fieldErrors : {};

  if (!state.data) return null;
  const { claim, canOpen, openUntil, deposit } = state.data;
  if (claim) {
    return (
      <>
        <button
          type="button"
          onClick={() => setClaimOpen(true)}
          className="inline-flex items-center gap-1 rounded-control text-sm font-medium text-accent-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <ClaimStatusBadge claim={claim} />
          <Trans>View claim</Trans>
        </button>
        <Modal open={isClaimOpen} onOpenChange={setClaimOpen} title={t`Damage claim`} description={vehicleName} size="lg">
          <ClaimCard claim={claim} headingLevel={3} />
        </Modal>
      </>
    );
  }
  if (!canOpen || !openUntil) return null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    // Not mutate's own onSuccess: a list that drops the rental once it is claimed (Manage → Claims →
    // Company vehicles) unmounts this component first, and the toast must still say it was sent.
    // A refusal shows in the form from the mutation's state.
    open
      .mutateAsync({ rentalId, description, amount: amount.trim().replace(',', '.'), photos })
      .then(() => {
        setFormOpen(false);
        toast.success(t`Damage reported. The deposit stays held until our team decides.`);
      })
      .catch(() => undefined);
  }

  const until = format.dateTime(openUntil);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setFormOpen(true)}>
        <Trans>Report damage</Trans>
      </Button>
      <Modal
        open={isFormOpen}
        onOpenChange={setFormOpen}
        title={t`Report damage`}
        description={vehicleName}
        size="lg"
        footer={
          <>
            <Button variant="secondary" onClick={() => setFormOpen(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" form={`claim-${rentalId}`} isLoading={open.isPending} loadingText={t`Sending...`}>
              <Trans>Send claim</Trans>
            </Button>
          </>
        }
      >
        <form id={`claim-${rentalId}`} onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-slate-700">
            <Trans>
              You can claim up to the deposit of <Money amount={deposit} className="font-semibold" /> until {until}. The renter can answer;
              our team decides and the rest of the deposit goes back to the renter.
            </Trans>
          </p>
          <TextArea
            label={t`What is damaged?`}
            required
            rows={4}
            maxLength={2000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            error={errors.description?.[0]}
          />
          <TextField
            label={t`Amount claimed (€)`}
            required
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={errors.amount?.[0]}
          />
          <PhotoInput label={t`Photos of the damage`} files={photos} onChange={setPhotos} error={errors.images?.[0]} />
          {open.error && Object.keys(errors).length === 0 && <FormAlert message={errorMessage(open.error)} />}
        </form>
      </Modal>
    </>
  );
}
