import { ChatScreen } from '../../features/chat/components/chat-screen';
import { LoadingText } from '../../components/ui/loading-text';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /chat (signed in): the chat screen; a different signed-in user gets a fresh screen and connection. */
export default function ChatRoute() {
  useDocumentTitle('Chat');
  const { user } = useSession();
  if (!user) return <LoadingText what="chat" />;
  return <ChatScreen key={user.id} me={user.id} />;
}
