-- Identity (issue 3): users, device sessions, refresh tokens, OTP challenges, single-use step
-- tokens (sign-up, login, PIN reset), rate-limit counters and the development inbox.
-- Times are written by the server (its clock), so tests can move time; defaults are a fallback.

create table users (
  id                   uuid primary key default gen_random_uuid(),
  phone                text not null unique,                 -- E.164, +628…
  email                text unique,
  email_verified_at    timestamptz,
  name                 text not null default '',
  language             text not null default 'id',
  status               text not null default 'ACTIVE',       -- ACTIVE | DEACTIVATED | DELETED
  kyc_status           text not null default 'NOT_SUBMITTED',
  gss_kyc_status       text not null default 'NOT_SUBMITTED',
  bappebti_accepted_at timestamptz,
  tags                 text[] not null default '{}',
  pin_hash             text,                                 -- scrypt$N$r$p$salt$hash
  pin_failed_attempts  integer not null default 0,
  pin_blocked_at       timestamptz,
  pin_updated_at       timestamptz,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);

-- One row per login. `blocked` keeps that device id (x-device-id) from logging in again.
create table device_sessions (
  id              uuid primary key,
  user_id         uuid not null references users (id) on delete cascade,
  device_id       text not null,
  user_agent      text not null default '',
  device_type     text not null default 'desktop',          -- mobile | tablet | desktop
  device_class    text not null default 'none',             -- none | Android | iOS (§4)
  os              text not null default 'unknown',
  ip              text,
  status          text not null default 'ACTIVE',           -- ACTIVE | INACTIVE
  blocked         boolean not null default false,
  pin_verified_at timestamptz,
  first_seen_at   timestamptz not null default now(),
  last_seen_at    timestamptz not null default now(),
  ended_at        timestamptz,
  end_reason      text                                      -- LOGOUT | DEVICE_LOGOUT | TOKEN_REUSE | PIN_RESET
);
create index device_sessions_user_idx on device_sessions (user_id, status, last_seen_at desc);
create index device_sessions_device_idx on device_sessions (user_id, device_id);

-- Refresh tokens: only their SHA-256 is kept. One family per device session; every use rotates
-- the token, and a used token presented again revokes the whole family.
create table refresh_tokens (
  token_hash  text primary key,
  family_id   uuid not null,
  session_id  uuid not null references device_sessions (id) on delete cascade,
  user_id     uuid not null references users (id) on delete cascade,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  used_at     timestamptz,
  revoked_at  timestamptz
);
create index refresh_tokens_family_idx on refresh_tokens (family_id);

-- OTPs: the code is kept only as an HMAC; single use (consumed_at), a few tries per code.
create table otp_challenges (
  id          uuid primary key,
  purpose     text not null,                                -- signup | login | forgot-pin | email-change | phone-change …
  destination text not null,
  channel     text not null,
  code_hash   text not null,
  attempts    integer not null default 0,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  consumed_at timestamptz
);
create index otp_challenges_lookup_idx on otp_challenges (purpose, destination, created_at desc);

-- The single-use tokens between steps (signupToken, loginToken, resetToken); SHA-256 only.
create table auth_step_tokens (
  token_hash  text primary key,
  purpose     text not null,                                -- signup | login | pin-reset
  phone       text not null,
  user_id     uuid references users (id) on delete cascade,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  consumed_at timestamptz
);

-- Fixed-window counters (per account and per IP), shared by every server instance.
create table rate_limit_counters (
  bucket       text not null,
  window_start timestamptz not null,
  hits         integer not null,
  primary key (bucket, window_start)
);

-- Development mode only: the messages that would have been sent (SMS, e-mail, Telegram).
create table dev_inbox_messages (
  id          uuid primary key,
  seq         bigint generated always as identity,          -- newest first, even within one millisecond
  recipient   text not null,
  channel     text not null,
  subject     text not null default '',
  body        text not null,
  code        text,
  created_at  timestamptz not null default now()
);
create index dev_inbox_messages_recipient_idx on dev_inbox_messages (recipient, seq desc);
