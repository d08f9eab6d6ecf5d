import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Button } from '../../../components/ui/button';

interface RowActionsProps {
  /** What the row is, for accessible button names ('Edit Car'). */
  label: string;
  isEditing: boolean;
  isSaving: boolean;
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
  /** New rows have nothing to delete yet. */
  canDelete: boolean;
}

/** A catalogue row's buttons: Edit and Delete, or Save and Cancel while editing. */
export function RowActions({ label, isEditing, isSaving, onEdit, onSave, onCancel, onDelete, canDelete }: RowActionsProps) {
  const { t } = useLingui();
  if (isEditing) {
    return (
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onSave} isLoading={isSaving} aria-label={t`Save ${label}`}>
          <Trans>Save</Trans>
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={isSaving} aria-label={t`Cancel editing ${label}`}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={t`Edit ${label}`}>
        <Trans>Edit</Trans>
      </Button>
      {canDelete && (
        <Button size="sm" variant="danger-outline" onClick={onDelete} aria-label={t`Delete ${label}`}>
          <Trans>Delete</Trans>
        </Button>
      )}
    </div>
  );
}
