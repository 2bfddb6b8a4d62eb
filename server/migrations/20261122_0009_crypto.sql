-- Crypto spot orders (issue 6): one row per order (an OCO is two rows sharing oco_group_id) and one
-- row per fill. Money and units move only through the ledger (migration 0005): a resting order
-- holds what it may spend (hold_id), each fill is one ledger transfer (transfer_id). Status and
-- exchange_status change only along the transition table of server/src/trading/order-states.ts.

create table crypto_orders (
  id              uuid primary key,
  user_id         uuid not null references users (id),
  -- The caller's x-request-id (or the server's request id): placing the same request twice finds this row.
  request_id      text not null,
  symbol          text not null,
  asset           text not null,
  side            text not null check (side in ('BUY', 'SELL')),
  order_type      text not null check (order_type in ('MARKET', 'LIMIT', 'STOP', 'STOP_LIMIT', 'OCO')),
  source          text not null check (source in ('INSTANT', 'ADVANCED')),
  input_type      text not null check (input_type in ('quantity', 'amount')),
  -- As requested: quantity orders have quantity, amount orders amount (IDR), never both.
  quantity        numeric check (quantity > 0),
  amount          numeric check (amount > 0),
  -- The units the order executes: fixed when a resting order is placed; null while an amount order
  -- is to be executed by amount (a market order, a stop buy by amount).
  exec_quantity   numeric check (exec_quantity > 0),
  limit_price     numeric check (limit_price > 0),
  stop_price      numeric check (stop_price > 0),
  time_in_force   text not null,
  status          text not null,
  exchange_status text not null,
  -- Not final yet (the matcher's index holds exactly the open orders).
  is_open         boolean not null,
  filled_quantity numeric not null default 0 check (filled_quantity >= 0),
  -- Σ quantity × price of the fills, unrounded (the cumulative base the fee math rounds).
  filled_amount   numeric not null default 0 check (filled_amount >= 0),
  fee             numeric not null default 0 check (fee >= 0),
  tax             numeric not null default 0 check (tax >= 0),
  -- IDR paid (BUY) or received (SELL), fee and tax included.
  total           numeric not null default 0,
  fill_count      integer not null default 0,
  -- The ledger hold reserving what the order may still spend (both OCO legs share one) and its amount.
  hold_id         uuid,
  hold_amount     numeric,
  oco_group_id    uuid,
  oco_leg         text check (oco_leg in ('TAKE_PROFIT', 'STOP_LOSS')),
  triggered_at    timestamptz,
  reason          text,
  -- Bumped by every change: executions and amendments are conditional on the version they read.
  version         integer not null default 0,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  check ((quantity is null) <> (amount is null)),
  check ((oco_group_id is null) = (oco_leg is null))
);
create unique index crypto_orders_request_idx on crypto_orders (user_id, request_id, coalesce(oco_leg, ''));
create index crypto_orders_user_idx on crypto_orders (user_id, created_at desc, id desc);
create index crypto_orders_user_open_idx on crypto_orders (user_id, created_at desc, id desc) where is_open;
create index crypto_orders_open_idx on crypto_orders (symbol) where is_open;
create index crypto_orders_oco_idx on crypto_orders (oco_group_id) where oco_group_id is not null;

create table crypto_fills (
  id          uuid primary key default gen_random_uuid(),
  order_id    uuid not null references crypto_orders (id),
  user_id     uuid not null,
  symbol      text not null,           -- 'BTC-IDR'
  asset       text not null,           -- 'BTC'
  side        text not null check (side in ('BUY', 'SELL')),
  quantity    numeric not null,        -- units of the asset
  price       numeric not null,        -- IDR per unit
  amount      numeric not null,        -- base b in whole IDR (ceil for buys, floor for sells)
  fee         numeric not null,
  tax         numeric not null,
  total       numeric not null,        -- IDR paid (BUY: b + fee + tax) or received (SELL: b - fee - tax)
  transfer_id uuid not null,           -- the ledger transfer that moved the money and the asset
  executed_at timestamptz not null default now()
);
create index crypto_fills_user_symbol_idx on crypto_fills (user_id, symbol, executed_at);
create index crypto_fills_order_idx on crypto_fills (order_id);
