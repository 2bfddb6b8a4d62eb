-- Idempotency of mutating calls (issue 5): one row per (user, x-request-id). The row is the lock:
-- the first request inserts it IN_PROGRESS, runs, and stores its response (COMPLETED); a retry
-- with the same id replays that response instead of running again. Kept IDEMPOTENCY_TTL_HOURS.
create table idempotency_keys (
  user_id      uuid not null references users (id) on delete cascade,
  request_id   text not null,                          -- the caller's x-request-id
  method       text not null,
  path         text not null,                          -- with the query string
  body_hash    text not null,                          -- sha-256 of the canonical JSON body
  state        text not null check (state in ('IN_PROGRESS', 'COMPLETED')),
  claim        uuid not null,                          -- which run holds the row
  status_code  integer,
  headers      jsonb,
  body         text,
  created_at   timestamptz not null default now(),
  claimed_at   timestamptz not null default now(),
  completed_at timestamptz,
  primary key (user_id, request_id),
  check (state = 'IN_PROGRESS' or status_code is not null)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
