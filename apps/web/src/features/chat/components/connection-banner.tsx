import { Button } from '../../../components/ui/button';
import type { ChatConnectionStatus } from '../hooks/use-chat-connection';

/** Says when messages cannot flow: connecting, reconnecting (the client retries on its own), or stopped. */
export function ConnectionBanner({ status, onReconnect }: { status: ChatConnectionStatus; onReconnect: () => void }) {
  if (status === 'connected') return null;
  if (status === 'disconnected') {
    return (
      <div
        role="alert"
        className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-danger"
      >
        Disconnected from chat. Messages cannot be sent.
        <Button variant="secondary" size="sm" onClick={onReconnect}>
          Reconnect
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="mb-3 rounded-control border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-pending">
      {status === 'reconnecting' ? 'Reconnecting...' : 'Connecting...'}
    </p>
  );
}
