/** What a message through an SMS or push provider carries. */
export interface OutgoingMessage {
  /** A push title (SMS has none). */
  title: string | null;
  body: string;
}

/**
 * One provider account, ready to use. `check` proves the credentials with a real authenticated call
 * and answers what the provider said; `send` answers the provider's message id.
 */
export interface ChannelAdapter {
  describe: string;
  check(): Promise<string>;
  send(to: string, message: OutgoingMessage): Promise<string>;
}
