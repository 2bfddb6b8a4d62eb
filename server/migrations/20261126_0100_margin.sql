-- The margin engine (issue 12): one-way leveraged positions of every margined market (perps on the
-- USDT margin wallet, US stock CFDs on the 2x/4x USD wallets), one row per user, market, book
-- (wallet) and symbol that also keeps the symbol's leverage and margin mode while flat (size 0).
-- Margin is a ledger hold (hold_id); balances only change through the ledger.
create table margin_positions (
  id             uuid primary key,
  market         text not null,
  user_id        uuid not null,
  book           text not null,
  symbol         text not null,
  size           numeric not null default 0,
  entry_price    numeric not null default 0,
  leverage       integer not null check (leverage >= 1),
  margin_mode    text not null check (margin_mode in ('CROSS', 'ISOLATED')),
  margin         numeric not null default 0 check (margin >= 0),
  hold_id        uuid,
  realized_pnl   numeric not null default 0,
  fees_paid      numeric not null default 0,
  funding_paid   numeric not null default 0,
  take_profit    numeric,
  stop_loss      numeric,
  version        integer not null default 0,
  margin_called  boolean not null default false,
  opened_at      timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  unique (market, user_id, book, symbol)
);
create index margin_positions_open on margin_positions (market, symbol) where size <> 0;
create index margin_positions_user on margin_positions (user_id, market);

-- Charges applied to every open position of a symbol (funding, financing): one row per run key,
-- completed when the sweep finished (a sweep that crashed is run again; its ledger keys replay).
create table margin_charge_runs (
  key           text primary key,
  market        text not null,
  symbol        text not null,
  kind          text not null,
  started_at    timestamptz not null default now(),
  completed_at  timestamptz,
  positions     integer not null default 0,
  applied       integer not null default 0
);

-- One payment per position per run (the ledger transfer has the same key): the funding history.
create table margin_charges (
  key          text primary key,
  run_key      text not null,
  position_id  uuid not null,
  market       text not null,
  user_id      uuid not null,
  symbol       text not null,
  kind         text not null,
  size         numeric not null,
  price        numeric not null,
  rate         numeric not null,
  amount       numeric not null,
  charged_at   timestamptz not null,
  transfer_id  uuid not null
);
create index margin_charges_user on margin_charges (user_id, market, charged_at desc);

-- Liquidations and margin calls, once each: the key names the position's version.
create table margin_events (
  key          text primary key,
  kind         text not null,
  market       text not null,
  user_id      uuid not null,
  symbol       text not null,
  details      jsonb not null default '{}'::jsonb,
  created_at   timestamptz not null default now()
);
