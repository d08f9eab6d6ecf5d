import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { Button } from '../../../components/ui/button';
import type { ChatConnectionStatus } from '../hooks/use-chat-connection';

/** Says when messages cannot flow: connecting, reconnecting (the client retries on its own), or stopped. */
export function ConnectionBanner({ status, onReconnect }: { status: ChatConnectionStatus; onReconnect: () => void }) {
  const { t } = useLingui();
  if (status === 'connected') return null;
  if (status === 'disconnected') {
    return (
      <div
        role="alert"
        className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger"
      >
        <Trans>Disconnected from chat. Messages cannot be sent.</Trans>
        <Button variant="secondary" size="sm" onClick={onReconnect}>
          <Trans>Reconnect</Trans>
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="mb-3 rounded-control border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-pending">
      {status === 'reconnecting' ? t`Reconnecting...` : t`Connecting...`}
    </p>
  );
}
