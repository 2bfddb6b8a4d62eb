-- The portfolio's position snapshot: per person, market and symbol, the average-cost position the
-- fills add up to (quantity, cost basis in the market's smallest unit, realized P&L), updated by
-- the engine's fill listener in each fill's own transaction, so a read never replays every fill.
-- A row is built from a replay of that symbol's fills the first time a fill or a read meets it
-- (no backfill here: the average-cost rounding lives in code); `portfolio_snapshot_users` marks a
-- person whose fills from before the snapshot existed all have their rows.
create table portfolio_positions (
  user_id       uuid not null,
  market        text not null,
  symbol        text not null,
  quantity      numeric not null,
  cost_basis    numeric not null,
  realized_pnl  numeric not null,
  fill_count    integer not null,
  last_fill_at  timestamptz,
  updated_at    timestamptz not null default now(),
  primary key (user_id, market, symbol)
);

create table portfolio_snapshot_users (
  user_id   uuid primary key,
  built_at  timestamptz not null default now()
);

-- Each person's net worth at the end of a day (WIB), written once per day by the leased daily job;
-- the value-over-time chart reads it.
create table portfolio_daily_values (
  user_id    uuid not null,
  day        date not null,
  total_idr  numeric not null,
  parts      jsonb not null,
  usd_idr    numeric not null,
  valued_at  timestamptz not null,
  primary key (user_id, day)
);

-- One row per day the job finished: a second instance (or a second run) skips a finished day.
create table portfolio_daily_runs (
  day          date primary key,
  users        integer not null,
  finished_at  timestamptz not null
);
