-- Call auctions uncrossed by the order engine (decision 0018): one row per market, symbol and
-- auction (its key, e.g. '2026-11-30:PRE_OPENING'), inserted in the uncross's own ledger
-- transaction before any of its fills. A second run (another instance, a restart, the next tick)
-- finds the row and changes nothing, so an auction fills its orders exactly once.
create table trading_auctions (
  market       text not null,
  symbol       text not null,
  auction      text not null,
  -- The one price the orders filled at and the shares matched (null and 0: nothing crossed).
  price        numeric,
  volume       numeric not null default 0,
  uncrossed_at timestamptz not null default now(),
  primary key (market, symbol, auction)
);
