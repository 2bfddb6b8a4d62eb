-- Account (issue 3): identity verification submissions, bank accounts, notification settings and
-- centre, the Telegram link, feedback, pending e-mail/phone changes. The user's current KYC
-- states, name, language, e-mail, tags and Bappebti acceptance live on `users` (migration 0002).

-- One row per submission (history kept); kind 'kyc' (the identity card) or 'gss' (the W-8BEN-style
-- declaration for global stocks). The operator (or the development auto-approval) decides a
-- PENDING row with a conditional update, so two reviewers or instances never both decide it.
create table kyc_submissions (
  id               uuid primary key,
  user_id          uuid not null references users (id) on delete cascade,
  kind             text not null check (kind in ('kyc', 'gss')),
  status           text not null check (status in ('PENDING', 'VERIFIED', 'REJECTED')),
  full_name        text not null,
  nik              text,
  birth_place      text,
  birth_date       date,
  address          text,
  ktp_key          text,
  ktp_type         text,
  selfie_key       text,
  selfie_type      text,
  declaration      jsonb,
  rejection_reason text,
  submitted_at     timestamptz not null default now(),
  reviewed_at      timestamptz,
  reviewed_by      text
);
create index kyc_submissions_user_idx on kyc_submissions (user_id, kind, submitted_at desc);
create index kyc_submissions_pending_idx on kyc_submissions (submitted_at) where status = 'PENDING';
-- At most one pending submission per user and kind.
create unique index kyc_submissions_one_pending on kyc_submissions (user_id, kind) where status = 'PENDING';

create table bank_accounts (
  id             uuid primary key,
  user_id        uuid not null references users (id) on delete cascade,
  bank_code      text not null,
  account_number text not null,
  holder_name    text not null,
  is_primary     boolean not null default false,
  created_at     timestamptz not null default now(),
  unique (user_id, bank_code, account_number)
);
create index bank_accounts_user_idx on bank_accounts (user_id, created_at);
create unique index bank_accounts_one_primary on bank_accounts (user_id) where is_primary;

-- Only the switches a user changed; the rest are the defaults in code.
create table notification_settings (
  user_id    uuid not null references users (id) on delete cascade,
  type       text not null,
  in_app     boolean not null,
  email      boolean not null,
  telegram   boolean not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, type)
);

create table notifications (
  id         uuid primary key,
  user_id    uuid not null references users (id) on delete cascade,
  type       text not null,
  title      text not null,
  body       text not null,
  created_at timestamptz not null default now(),
  read_at    timestamptz
);
create index notifications_user_idx on notifications (user_id, created_at desc, id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;

create table telegram_links (
  user_id   uuid primary key references users (id) on delete cascade,
  chat_id   text not null,
  linked_at timestamptz not null default now()
);

-- One-time deeplink tokens, stored as sha-256 hashes.
create table telegram_link_tokens (
  token_hash text primary key,
  user_id    uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at    timestamptz,
  created_at timestamptz not null default now()
);
create index telegram_link_tokens_user_idx on telegram_link_tokens (user_id);

create table feedback (
  id         uuid primary key,
  user_id    uuid not null references users (id) on delete cascade,
  category   text not null,
  message    text not null,
  rating     integer check (rating between 1 and 5),
  created_at timestamptz not null default now()
);

-- The new address an e-mail or phone change is waiting to verify (the OTP went there).
create table contact_changes (
  user_id      uuid not null references users (id) on delete cascade,
  kind         text not null check (kind in ('email', 'phone')),
  new_value    text not null,
  requested_at timestamptz not null default now(),
  primary key (user_id, kind)
);
