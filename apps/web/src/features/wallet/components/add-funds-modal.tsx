import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import type { AddFundsResponse } from '@rentdrive/contracts/wallet';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { AddFundsForm } from './add-funds-form';

export interface AddFundsModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (transaction: AddFundsResponse) => void;
}

const FORM_ID = 'add-funds-form';

/** The card form in a dialog; it closes once the payment succeeded. */
export function AddFundsModal({ open, onOpenChange, onAdded }: AddFundsModalProps) {
  const { t } = useLingui();
  const [isPending, setPending] = useState(false);

  function handleOpenChange(next: boolean) {
    if (isPending) return;
    onOpenChange(next);
  }

  return (
    <Modal
      open={open}
      onOpenChange={handleOpenChange}
      title={t`Add Funds`}
      description={t`Top up your wallet by card. The amount is available right away.`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={() => handleOpenChange(false)} disabled={isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={FORM_ID} isLoading={isPending} loadingText={t`Processing...`}>
            <Trans>Add Funds</Trans>
          </Button>
        </>
      }
    >
      <AddFundsForm
        id={FORM_ID}
        onPendingChange={setPending}
        onAdded={(transaction) => {
          setPending(false);
          onOpenChange(false);
          onAdded(transaction);
        }}
      />
    </Modal>
  );
}
