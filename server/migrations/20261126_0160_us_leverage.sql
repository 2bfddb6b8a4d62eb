-- US stock leverage (CFD) on the leverage (2x) and intraday (4x) wallets (docs/decisions/0017).
-- Money stays in the ledger: a position's margin is a ledger hold on its wallet (USD_LEVERAGE or
-- USD_INTRADAY), P&L, commission and financing are ledger transfers keyed per position and version
-- (or per day), so each lands once however many instances sweep.
create table us_leverage_positions (
  id                  uuid primary key,
  user_id             uuid not null references users (id),
  wallet              text not null check (wallet in ('leverage', 'intraday')),
  symbol              text not null,
  leverage            integer not null check (leverage in (2, 4)),
  status              text not null default 'OPEN' check (status in ('OPEN', 'CLOSED')),
  quantity            numeric not null,
  entry_price         numeric not null,
  margin              numeric not null,
  -- the ledger hold backing it now (margin plus any unrealized loss), and the next hold's number
  hold_id             uuid,
  hold_seq            integer not null default 0,
  version             integer not null default 0,
  take_profit         numeric,
  stop_loss           numeric,
  trigger_quantity    numeric,
  triggers_expire_at  timestamptz,
  realized_pnl        numeric not null default 0,
  fees                numeric not null default 0,
  financing           numeric not null default 0,
  -- the last New York trading day whose close was charged (2x)
  financed_through    date,
  liquidation_pending boolean not null default false,
  opened_at           timestamptz not null,
  closed_at           timestamptz,
  close_reason        text,
  close_price         numeric
);
create unique index us_leverage_positions_one_open on us_leverage_positions (user_id, wallet, symbol) where status = 'OPEN';
create index us_leverage_positions_open on us_leverage_positions (status) where status = 'OPEN';
create index us_leverage_positions_user on us_leverage_positions (user_id, opened_at desc);

-- A leverage buy or sell, once per x-request-id: the answer it gave.
create table us_leverage_requests (
  user_id     uuid not null references users (id),
  request_id  text not null,
  body        jsonb not null,
  answer      jsonb not null,
  primary key (user_id, request_id)
);

-- A wallet's margin call state: set when its ratio crosses the threshold (one MARGIN_CALL), cleared below it.
create table us_leverage_margin_calls (
  user_id   uuid not null references users (id),
  wallet    text not null,
  called_at timestamptz not null,
  primary key (user_id, wallet)
);
