import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { Button } from './button';
import { Modal } from './modal';

export const DEFAULT_ERROR_MESSAGE = 'Something went wrong while processing your request. Please try again later.';

export interface ErrorModalProps {
  open: boolean;
  /** The text to show; the spec's default sentence when empty. */
  message?: string | null;
  onClose: () => void;
}

/** The common error modal — title 'Error', the message, an OK button. */
export function ErrorModal({ open, message, onClose }: ErrorModalProps) {
  const { t } = useLingui();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t`Error`}
      size="sm"
      showClose={false}
      footer={
        <Button onClick={onClose} autoFocus>
          <Trans>OK</Trans>
        </Button>
      }
    >
      <p role="alert" className="text-sm text-slate-700">
        {message || t`Something went wrong while processing your request. Please try again later.`}
      </p>
    </Modal>
  );
}
