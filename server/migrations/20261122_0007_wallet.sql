-- Wallet (issue 5): top-ups (money in through a payment gateway) and cashouts (money out to a
-- bank). Balances are the ledger's (migration 0005); these tables keep the requests, their state
-- and the ledger ids they produced. Money records never cascade away with a user row.

-- One row per top-up request. EXPIRED is not stored: a PENDING row past expires_at reads as
-- EXPIRED (a payment arriving later is still credited). request_key (the caller's x-request-id)
-- makes creation idempotent on its own, besides the HTTP idempotency layer.
create table topups (
  id                uuid primary key,
  user_id           uuid not null references users (id),
  request_key       text not null,
  channel           text not null,
  amount            numeric not null check (amount > 0 and amount = trunc(amount)),
  fee               numeric not null check (fee >= 0 and fee = trunc(fee)),
  total_to_pay      numeric not null check (total_to_pay = amount + fee),
  payment_code      text not null unique,
  status            text not null check (status in ('PENDING', 'PAID')),
  expires_at        timestamptz not null,
  created_at        timestamptz not null default now(),
  paid_at           timestamptz,
  payment_reference text,
  paid_late         boolean not null default false,
  transfer_id       text,
  unique (user_id, request_key),
  check ((status = 'PAID') = (paid_at is not null))
);
create index topups_user_idx on topups (user_id, created_at desc);

-- One row per cashout. The funds are held in the ledger (hold_id) from creation until paid
-- (captured by transfer_id) or released (REJECTED, CANCELLED). The bank account is copied: the
-- user may remove it later, the record must still say where the money went. wib_day is the
-- Jakarta calendar day of the request, for the daily limit.
create table cashouts (
  id               uuid primary key,
  user_id          uuid not null references users (id),
  request_key      text not null,
  bank_account_id  uuid not null,
  bank_code        text not null,
  account_number   text not null,
  holder_name      text not null,
  amount           numeric not null check (amount > 0 and amount = trunc(amount)),
  fee              numeric not null check (fee >= 0 and fee < amount),
  status           text not null check (status in ('PENDING_REVIEW', 'PAID', 'REJECTED', 'CANCELLED')),
  auto_approved    boolean not null,
  hold_id          text not null,
  transfer_id      text,
  rejection_reason text,
  decided_by       text,
  wib_day          date not null,
  created_at       timestamptz not null default now(),
  decided_at       timestamptz,
  unique (user_id, request_key),
  check ((status = 'PENDING_REVIEW') = (decided_at is null)),
  check ((status = 'PAID') = (transfer_id is not null))
);
create index cashouts_user_idx on cashouts (user_id, created_at desc);
create index cashouts_user_day_idx on cashouts (user_id, wib_day);
create index cashouts_pending_idx on cashouts (created_at) where status = 'PENDING_REVIEW';

-- One row per user who ever asked for a cashout: locked (for update) while a cashout is created,
-- so two concurrent requests cannot both fit under the daily limit.
create table cashout_user_locks (
  user_id uuid primary key references users (id) on delete cascade
);
