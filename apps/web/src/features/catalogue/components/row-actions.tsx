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
  if (isEditing) {
    return (
      <div className="flex justify-end gap-2">
        <Button size="sm" onClick={onSave} isLoading={isSaving} aria-label={`Save ${label}`}>
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel} disabled={isSaving} aria-label={`Cancel editing ${label}`}>
          Cancel
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${label}`}>
        Edit
      </Button>
      {canDelete && (
        <Button size="sm" variant="danger-outline" onClick={onDelete} aria-label={`Delete ${label}`}>
          Delete
        </Button>
      )}
    </div>
  );
}
