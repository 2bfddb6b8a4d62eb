// Outgoing messages (SMS, e-mail, Telegram) go through one interface: the development inbox in
// development mode, an HTTP provider in production.
import type { MessageChannel } from '@pasar/shared/contract';

export interface OutgoingMessage {
  /** A phone number (+628…), an e-mail address or a Telegram chat id. */
  readonly to: string;
  readonly channel: MessageChannel;
  readonly subject: string;
  readonly body: string;
  /** The one-time code in the body, if any (the development inbox shows it apart). */
  readonly code?: string;
}

export interface MessageProvider {
  readonly kind: 'dev-inbox' | 'http';
  send(message: OutgoingMessage): Promise<void>;
}
