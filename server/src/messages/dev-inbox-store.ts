// Development mode's message provider: messages are stored in the database (every instance and
// the /dev/inbox page see the same ones) instead of being sent.
import { randomUUID } from 'node:crypto';
import { desc, eq, lt } from 'drizzle-orm';
import { normalizePhone, type DevInboxMessage, type MessageChannel } from '@pasar/shared/contract';
import type { PasarDb } from '../db/database';
import type { MessageProvider, OutgoingMessage } from './provider';
import { devInboxMessages } from './tables';

/** Messages older than this are removed when new ones arrive. */
const KEEP_MS = 7 * 86_400_000;

export interface DevInboxStore extends MessageProvider {
  readonly kind: 'dev-inbox';
  /** The latest messages to an address, newest first. */
  latest(to: string, limit?: number): Promise<DevInboxMessage[]>;
  /** The latest messages to anyone, newest first (the /dev/inbox page without an address). */
  recent(limit?: number): Promise<DevInboxMessage[]>;
}

type Row = typeof devInboxMessages.$inferSelect;

/** One form per address: phone numbers as stored (+628…), other addresses trimmed and lower-cased. */
export const inboxAddress = (to: string): string => normalizePhone(to) ?? to.trim().toLowerCase();

const toMessage = (row: Row): DevInboxMessage => ({
  id: row.id,
  to: row.recipient,
  channel: row.channel as MessageChannel,
  subject: row.subject,
  body: row.body,
  ...(row.code ? { code: row.code } : {}),
  createdAt: row.createdAt.toISOString(),
});

export function createDevInboxStore(db: PasarDb, now: () => Date = () => new Date()): DevInboxStore {
  return {
    kind: 'dev-inbox',
    async send(message: OutgoingMessage) {
      const at = now();
      await db.insert(devInboxMessages).values({
        id: randomUUID(),
        recipient: inboxAddress(message.to),
        channel: message.channel,
        subject: message.subject,
        body: message.body,
        code: message.code ?? null,
        createdAt: at,
      });
      await db.delete(devInboxMessages).where(lt(devInboxMessages.createdAt, new Date(at.getTime() - KEEP_MS)));
    },
    async latest(to, limit = 20) {
      const rows = await db
        .select()
        .from(devInboxMessages)
        .where(eq(devInboxMessages.recipient, inboxAddress(to)))
        .orderBy(desc(devInboxMessages.seq))
        .limit(limit);
      return rows.map(toMessage);
    },
    async recent(limit = 50) {
      const rows = await db.select().from(devInboxMessages).orderBy(desc(devInboxMessages.seq)).limit(limit);
      return rows.map(toMessage);
    },
  };
}
