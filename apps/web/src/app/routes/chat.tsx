import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { LoadingText } from '../../components/ui/loading-text';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { DocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';

/** /chat (signed in): the chat screen; a different signed-in user gets a fresh screen and connection. */
export default function ChatRoute() {
  const { t } = useLingui();
  const { user } = useSession();
  return (
    <>
      <DocumentTitle screen={t`Chat`} />
      {user ? <ChatScreen key={user.id} me={user.id} /> : <LoadingText text={t`Loading chat...`} />}
    </>
  );
}
