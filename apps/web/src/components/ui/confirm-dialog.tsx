import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question or consequence, e.g. 'You will get a full refund.' */
  description?: ReactNode;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (delete, cancel a rental). */
  variant?: 'primary' | 'danger';
  /** While the action runs: the confirm button shows progress and can't be pressed twice. */
  isLoading?: boolean;
  onConfirm: () => void;
  /** Where focus goes on close if the control that opened the dialog is gone (see Modal). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  isLoading = false,
  onConfirm,
  returnFocusTo,
}: ConfirmDialogProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !isLoading && onOpenChange(next)}
      title={title}
      description={description}
      size="sm"
      returnFocusTo={returnFocusTo}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isLoading}>
            {cancelLabel ?? t`Cancel`}
          </Button>
          <Button variant={variant} onClick={onConfirm} isLoading={isLoading}>
            {confirmLabel ?? t`Confirm`}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
