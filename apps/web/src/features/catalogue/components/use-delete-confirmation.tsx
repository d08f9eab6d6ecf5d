import { useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useErrorModal } from '../../../components/ui/error-modal-provider';

interface Pending<T> {
  item: T;
  label: string;
}

/**
 * Delete asks first; a refusal (still in use, ...) closes the question and shows the server's
 * sentence in the common error modal.
 */
export function useDeleteConfirmation<T>(title: string, remove: (item: T) => Promise<unknown>) {
  const { t } = useLingui();
  const [pending, setPending] = useState<Pending<T> | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  const { showError } = useErrorModal();

  async function handleConfirm() {
    if (!pending) return;
    setIsDeleting(true);
    try {
      await remove(pending.item);
      setPending(null);
    } catch (error) {
      setPending(null);
      showError(error);
    } finally {
      setIsDeleting(false);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title={title}
      description={pending ? t`‘${pending.label}’ will be removed from the catalogue.` : undefined}
      confirmLabel={t`Delete`}
      variant="danger"
      isLoading={isDeleting}
      onConfirm={() => void handleConfirm()}
    />
  );

  return { askToDelete: (item: T, label: string) => setPending({ item, label }), dialog };
}
