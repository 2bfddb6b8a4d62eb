// `app.messages`: send an SMS, e-mail or Telegram message through the configured provider (the
// development inbox unless MESSAGE_PROVIDER_URL/KEY are set; production requires them).
// `app.devInbox`: the inbox store in development mode, undefined in production.
import fp from 'fastify-plugin';
import { createDevInboxStore, type DevInboxStore } from './dev-inbox-store';
import { createHttpProvider } from './http-provider';
import type { MessageProvider, OutgoingMessage } from './provider';

export interface Messages {
  send(message: OutgoingMessage): Promise<void>;
  readonly providerKind: MessageProvider['kind'];
}

declare module 'fastify' {
  interface FastifyInstance {
    messages: Messages;
    devInbox: DevInboxStore | undefined;
  }
}

export const messagesPlugin = fp(
  async (app) => {
    const configured = app.config.identity.messageProvider;
    if (app.config.mode === 'production' && !configured) {
      throw new Error('production mode needs MESSAGE_PROVIDER_URL and MESSAGE_PROVIDER_KEY');
    }
    const devInbox = app.config.mode === 'development' ? createDevInboxStore(app.database.db) : undefined;
    const provider: MessageProvider = configured ? createHttpProvider(configured) : (devInbox as DevInboxStore);
    app.decorate('devInbox', devInbox);
    app.decorate('messages', {
      providerKind: provider.kind,
      send: async (message: OutgoingMessage) => {
        await provider.send(message);
        app.log.info({ channel: message.channel, provider: provider.kind }, 'message sent');
      },
    });
  },
  { name: 'pasar-messages', dependencies: ['pasar-config', 'pasar-database'] },
);
