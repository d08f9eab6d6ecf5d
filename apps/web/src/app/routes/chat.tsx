import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { LoadingText } from '../../components/ui/loading-text';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /chat (signed in): the chat screen; a different signed-in user gets a fresh screen and connection. */
export default function ChatRoute() {
  const { t } = useLingui();
  useDocumentTitle(t`Chat`);
  const { user } = useSession();
  if (!user) return <LoadingText text={t`Loading chat...`} />;
  return <ChatScreen key={user.id} me={user.id} />;
}
