/**
 * What several server instances share: delivery to a user's connections wherever they are, and
 * presence (a user is online while any instance holds a connection of theirs). Without Redis the
 * local backplane keeps both in this process.
 */
export interface UserDelivery {
  userId: string;
  /** A complete, already formatted record. */
  record: string;
  /** The connection that must not receive it (the sender's own). */
  exceptConnectionId?: string;
}

export interface BackplaneHandlers {
  /** A delivery published by another instance, for a user with connections here. */
  onDelivery(delivery: UserDelivery): void;
  /** A record for every connection of the hub (published by another instance). */
  onBroadcast(record: string): void;
  /** Another instance saw a user come online or go offline. */
  onPresence(userId: string, isOnline: boolean): void;
  /** Another instance ended these sessions (signed out): their connections here must close. */
  onSessionsEnded?(sessionIds: string[]): void;
}

export interface Backplane {
  readonly instanceId: string;
  start(handlers: BackplaneHandlers): Promise<void>;
  /** Forwards a delivery to the other instances (this instance delivers locally itself). */
  publishToUser(delivery: UserDelivery): void;
  publishBroadcast(record: string): void;
  /** Tells the other instances these sessions ended; resolves once published. */
  publishSessionsEnded(sessionIds: string[]): Promise<void>;
  /** The first connection of a user opened here: subscribe to their deliveries, mark them online. */
  userConnected(userId: string): Promise<void>;
  /**
   * The last connection of a user here closed: unsubscribe and drop this instance's presence entry.
   * Answers whether the user is now offline everywhere.
   */
  userDisconnected(userId: string): Promise<boolean>;
  /** Which of these users have a connection on any live instance. */
  onlineAmong(userIds: string[]): Promise<Set<string>>;
  /** Re-asserts presence of the users connected here (called periodically). */
  refresh(localUserIds: Iterable<string>): Promise<void>;
  close(): Promise<void>;
}
