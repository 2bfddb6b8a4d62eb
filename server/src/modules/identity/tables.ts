// Drizzle definitions of the identity tables (migrations/20261122_0002_identity.sql is the truth).
// Other modules never import them: they call the identity service (userFacts, kycStatus, userRecords).
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull().unique(),
  email: text('email').unique(),
  emailVerifiedAt: ts('email_verified_at'),
  name: text('name').notNull().default(''),
  language: text('language').notNull().default('id'),
  status: text('status').notNull().default('ACTIVE'),
  kycStatus: text('kyc_status').notNull().default('NOT_SUBMITTED'),
  gssKycStatus: text('gss_kyc_status').notNull().default('NOT_SUBMITTED'),
  bappebtiAcceptedAt: ts('bappebti_accepted_at'),
  tags: text('tags').array().notNull().default([]),
  pinHash: text('pin_hash'),
  pinFailedAttempts: integer('pin_failed_attempts').notNull().default(0),
  pinBlockedAt: ts('pin_blocked_at'),
  pinUpdatedAt: ts('pin_updated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const deviceSessions = pgTable('device_sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  deviceId: text('device_id').notNull(),
  userAgent: text('user_agent').notNull().default(''),
  deviceType: text('device_type').notNull().default('desktop'),
  deviceClass: text('device_class').notNull().default('none'),
  os: text('os').notNull().default('unknown'),
  ip: text('ip'),
  status: text('status').notNull().default('ACTIVE'),
  blocked: boolean('blocked').notNull().default(false),
  pinVerifiedAt: ts('pin_verified_at'),
  firstSeenAt: ts('first_seen_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  endedAt: ts('ended_at'),
  endReason: text('end_reason'),
});

export const refreshTokens = pgTable('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: uuid('family_id').notNull(),
  sessionId: uuid('session_id').notNull(),
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  revokedAt: ts('revoked_at'),
});

export const otpChallenges = pgTable('otp_challenges', {
  id: uuid('id').primaryKey(),
  purpose: text('purpose').notNull(),
  destination: text('destination').notNull(),
  channel: text('channel').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

export const authStepTokens = pgTable('auth_step_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  phone: text('phone').notNull(),
  userId: uuid('user_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
});

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export type UserRow = typeof users.$inferSelect;
export type DeviceSessionRow = typeof deviceSessions.$inferSelect;
