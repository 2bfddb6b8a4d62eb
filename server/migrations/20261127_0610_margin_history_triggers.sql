-- The margin engine keeps what every margined market needs (issue 12, decision 0017 step 2):
-- a closed position's record, written in the closing fill's own transaction (one row per closing
-- fill key, so a replayed fill writes nothing twice), and take-profit / stop-loss triggers that may
-- cover part of a position (trigger_quantity; null = the whole) and expire (triggers_expire_at;
-- null = never; US 4x ones at the regular close).
create table margin_position_history (
  key            text primary key,
  position_id    uuid not null,
  market         text not null,
  user_id        uuid not null,
  book           text not null,
  symbol         text not null,
  side           text not null check (side in ('LONG', 'SHORT')),
  size           numeric not null,
  leverage       integer not null,
  entry_price    numeric not null,
  close_price    numeric not null,
  close_reason   text not null,
  realized_pnl   numeric not null,
  fees           numeric not null,
  funding        numeric not null,
  opened_at      timestamptz not null,
  closed_at      timestamptz not null
);
create index margin_position_history_user on margin_position_history (user_id, market, closed_at desc);

alter table margin_positions add column trigger_quantity numeric;
alter table margin_positions add column triggers_expire_at timestamptz;
