import { CHAT_WATCH_LIMIT, ChatClientMethods, ChatHubMethods } from '@rentdrive/contracts/chat';
import { isUuid } from '@rentdrive/contracts/ids';
import { ChatPaths } from '@rentdrive/contracts/paths';
import { AppError } from '../../lib/app-error';
import { HubError, type Hub, type HubDefinition } from '../../realtime/hub';
import { readSendMessageArgs, type ChatService } from './chat.service';

/** Service refusals travel to the caller as the invocation's error text. */
async function asHubCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw new HubError(error.detail);
    throw error;
  }
}

/**
 * The chat hub: SendMessage stores then pushes ReceiveMessage to the receiver's connections and the
 * sender's other connections (never back to the sending one, whose client appends the message
 * itself); WatchPresence lets a screen follow the online state of the users it shows.
 */
export function chatHubDefinition(getService: () => ChatService): HubDefinition {
  return {
    path: ChatPaths.hub,
    presenceTarget: ChatClientMethods.presenceChanged,
    methods: {
      [ChatHubMethods.sendMessage]: (ctx, args) =>
        asHubCall(async () => {
          const message = await getService().sendMessage(ctx.user.id, readSendMessageArgs(args));
          const hub: Hub = ctx.hub;
          hub.sendToUser(message.receiverId, ChatClientMethods.receiveMessage, [message]);
          hub.sendToUser(message.senderId, ChatClientMethods.receiveMessage, [message], { exceptConnectionId: ctx.connectionId });
          return message;
        }),
      [ChatHubMethods.watchPresence]: async (ctx, args) => {
        const list = Array.isArray(args[0]) ? args[0] : args;
        const userIds = [...new Set(list.filter((id): id is string => typeof id === 'string' && isUuid(id)))].slice(0, CHAT_WATCH_LIMIT);
        const online = await ctx.hub.watchPresence(ctx.connectionId, userIds);
        return userIds.map((userId) => ({ userId, online: online.has(userId) }));
      },
    },
  };
}
