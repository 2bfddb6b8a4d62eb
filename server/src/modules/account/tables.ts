// Drizzle tables of the account module (migration 20261122_0003_account.sql). They stay out of the
// shared `db/schema.ts` relational schema: the repo uses the query builder only. The user's own
// columns are identity's `users` table, reached through the identity service.
import { boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const kycSubmissions = pgTable('kyc_submissions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  fullName: text('full_name').notNull(),
  nik: text('nik'),
  birthPlace: text('birth_place'),
  birthDate: date('birth_date', { mode: 'string' }),
  address: text('address'),
  ktpKey: text('ktp_key'),
  ktpType: text('ktp_type'),
  selfieKey: text('selfie_key'),
  selfieType: text('selfie_type'),
  declaration: jsonb('declaration'),
  rejectionReason: text('rejection_reason'),
  submittedAt: ts('submitted_at').notNull(),
  reviewedAt: ts('reviewed_at'),
  reviewedBy: text('reviewed_by'),
});

export const bankAccounts = pgTable('bank_accounts', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  bankCode: text('bank_code').notNull(),
  accountNumber: text('account_number').notNull(),
  holderName: text('holder_name').notNull(),
  isPrimary: boolean('is_primary').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id').notNull(),
    type: text('type').notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
    telegram: boolean('telegram').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const notifications = pgTable('notifications', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull(),
  readAt: ts('read_at'),
  // Where it leads (migration 20261126_0140): an order or an asset.
  linkKind: text('link_kind').$type<'ORDER' | 'ASSET'>(),
  linkSymbol: text('link_symbol'),
  linkAssetType: text('link_asset_type'),
  linkOrderId: text('link_order_id'),
});

export const telegramLinks = pgTable('telegram_links', {
  userId: uuid('user_id').primaryKey(),
  chatId: text('chat_id').notNull(),
  linkedAt: ts('linked_at').notNull(),
});

export const telegramLinkTokens = pgTable('telegram_link_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull(),
});

export const feedback = pgTable('feedback', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  category: text('category').notNull(),
  message: text('message').notNull(),
  rating: integer('rating'),
  createdAt: ts('created_at').notNull(),
});

export const contactChanges = pgTable(
  'contact_changes',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    newValue: text('new_value').notNull(),
    requestedAt: ts('requested_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
