-- Ledger (issue 5): double-entry accounts, transfers, entries and holds. Only server/src/ledger
-- writes these tables (docs/decisions/0011-ledger.md). The database itself refuses what must never
-- happen: a user account below zero or below its holds, an edited or deleted transfer or entry,
-- and a transfer whose entries do not sum to zero per currency.

-- One row per user account (user, currency, purpose) or house account (house, currency), created
-- on first use. `ref` is the natural key the code looks accounts up by (see ledger/refs.ts).
-- `balance` and `held` are maintained in the same transaction as the entries.
create table ledger_accounts (
  id         uuid primary key default gen_random_uuid(),
  ref        text not null unique,
  user_id    uuid,
  purpose    text,
  house      text,
  currency   text not null,
  balance    numeric not null default 0,
  held       numeric not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_owner check (
    (user_id is not null and purpose is not null and house is null)
    or (user_id is null and purpose is null and house is not null)),
  constraint ledger_accounts_ref check (
    ref = case when house is null then 'user:' || user_id::text || ':' || purpose || ':' || currency
               else 'house:' || house || ':' || currency end),
  -- House accounts may go below zero (the other side of every user's money); users never.
  constraint ledger_accounts_user_funds check (
    house is not null or (balance >= 0 and held >= 0 and balance >= held)),
  -- Target of the (account, currency) foreign keys: an entry or hold is in its account's currency.
  constraint ledger_accounts_id_currency unique (id, currency)
);
create index ledger_accounts_user_idx on ledger_accounts (user_id) where user_id is not null;

create table ledger_transfers (
  id           uuid primary key default gen_random_uuid(),
  key          text not null unique,
  kind         text not null,
  -- sha-256 of the canonical legs: the same key with other legs is a conflict, not a replay.
  request_hash text not null,
  memo         jsonb not null default '{}',
  -- Holds consumed by this transfer: [{ "holdId": …, "amount": … }].
  captures     jsonb,
  created_at   timestamptz not null default date_trunc('milliseconds', clock_timestamp())
);

-- One entry per account a transfer touches (its net amount). `id` grows in the order the account
-- rows were locked, so the last entry of an account carries its current balance.
create table ledger_entries (
  id            bigint generated always as identity primary key,
  transfer_id   uuid not null references ledger_transfers (id),
  account_id    uuid not null,
  currency      text not null,
  amount        numeric not null,
  balance_after numeric not null,
  created_at    timestamptz not null default date_trunc('milliseconds', clock_timestamp()),
  foreign key (account_id, currency) references ledger_accounts (id, currency),
  unique (transfer_id, account_id)
);
create index ledger_entries_account_idx on ledger_entries (account_id, created_at desc, id desc);

create table ledger_holds (
  id         uuid primary key default gen_random_uuid(),
  key        text not null unique,
  account_id uuid not null,
  currency   text not null,
  amount     numeric not null check (amount > 0),
  remaining  numeric not null,
  captured   numeric not null default 0,
  status     text not null check (status in ('ACTIVE', 'CAPTURED', 'RELEASED')),
  reason     text not null,
  ref        text,
  created_at timestamptz not null default date_trunc('milliseconds', clock_timestamp()),
  updated_at timestamptz not null default date_trunc('milliseconds', clock_timestamp()),
  foreign key (account_id, currency) references ledger_accounts (id, currency),
  check (remaining >= 0 and captured >= 0 and remaining + captured <= amount),
  check ((status = 'ACTIVE') = (remaining > 0)),
  check (status <> 'CAPTURED' or captured = amount)
);
create index ledger_holds_active_idx on ledger_holds (account_id) where status = 'ACTIVE';

-- Transfers and entries are append-only; accounts are never deleted.
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger: % on % is not allowed', tg_op, tg_table_name using errcode = '55000';
end
$$;
create trigger ledger_transfers_append_only before update or delete on ledger_transfers
  for each row execute function ledger_refuse_change();
create trigger ledger_transfers_no_truncate before truncate on ledger_transfers
  for each statement execute function ledger_refuse_change();
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_refuse_change();
create trigger ledger_entries_no_truncate before truncate on ledger_entries
  for each statement execute function ledger_refuse_change();
create trigger ledger_accounts_no_delete before delete on ledger_accounts
  for each row execute function ledger_refuse_change();
create trigger ledger_accounts_no_truncate before truncate on ledger_accounts
  for each statement execute function ledger_refuse_change();

-- A hold changes only while ACTIVE, and never its key, account or amount.
create function ledger_holds_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'ledger: holds are never deleted' using errcode = '55000';
  end if;
  if old.status <> 'ACTIVE' or new.id <> old.id or new.key <> old.key or new.account_id <> old.account_id
     or new.currency <> old.currency or new.amount <> old.amount then
    raise exception 'ledger: hold % cannot change this way', old.id using errcode = '55000';
  end if;
  return new;
end
$$;
create trigger ledger_holds_guard before update or delete on ledger_holds
  for each row execute function ledger_holds_guard();
create trigger ledger_holds_no_truncate before truncate on ledger_holds
  for each statement execute function ledger_refuse_change();

-- Checked at commit: a transfer has entries, and they sum to zero in every currency.
create function ledger_assert_balanced(transfer uuid) returns void language plpgsql as $$
declare
  unbalanced text;
begin
  if not exists (select 1 from ledger_entries where transfer_id = transfer) then
    raise exception 'ledger: transfer % has no entries', transfer using errcode = '23514';
  end if;
  select currency into unbalanced from ledger_entries where transfer_id = transfer
    group by currency having sum(amount) <> 0 limit 1;
  if unbalanced is not null then
    raise exception 'ledger: transfer % does not balance in %', transfer, unbalanced using errcode = '23514';
  end if;
end
$$;
create function ledger_transfer_balanced() returns trigger language plpgsql as $$
begin
  perform ledger_assert_balanced(new.id);
  return null;
end
$$;
create function ledger_entry_balanced() returns trigger language plpgsql as $$
begin
  perform ledger_assert_balanced(new.transfer_id);
  return null;
end
$$;
create constraint trigger ledger_transfers_balanced after insert on ledger_transfers
  deferrable initially deferred for each row execute function ledger_transfer_balanced();
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_entry_balanced();
