-- One order engine for every market: crypto_orders and crypto_fills become `orders` and `fills`,
-- every existing row kept as it is and marked market 'CRYPTO' with its amounts in IDR. The ledger
-- is untouched: crypto fills keep their transfer keys `crypto-fill:<orderId>:<n>` and holds
-- `crypto-hold:<owner>`, so replays of them still find the first movement. New markets name their
-- market and currency on every row (no default), and add the stock columns they use.

alter table crypto_orders rename to orders;
alter table orders add column market text not null default 'CRYPTO' check (market in ('CRYPTO', 'USSTOCK', 'PERPS', 'IDSS'));
alter table orders alter column market drop default;
-- The currency of amount, fee, tax and total ('IDR' for crypto, 'USD' for US stocks).
alter table orders add column currency text not null default 'IDR';
alter table orders alter column currency drop default;
-- Stocks: the session kinds the order may execute in (null: regular hours, or a 24/7 market).
alter table orders add column trading_hours text;
-- When an open order expires (GOOD_TILL_MARKET_CLOSE: that trading day's close); null never.
alter table orders add column expires_at timestamptz;
-- Leveraged stock orders (a later market); null for cash orders.
alter table orders add column leverage numeric check (leverage > 0);
alter index crypto_orders_pkey rename to orders_pkey;
alter index crypto_orders_request_idx rename to orders_request_idx;
alter index crypto_orders_user_idx rename to orders_user_idx;
alter index crypto_orders_user_open_idx rename to orders_user_open_idx;
alter index crypto_orders_open_idx rename to orders_open_idx;
alter index crypto_orders_oco_idx rename to orders_oco_idx;
create index orders_market_user_idx on orders (market, user_id, created_at desc, id desc);
create index orders_expiring_idx on orders (expires_at) where is_open and expires_at is not null;

alter table crypto_fills rename to fills;
alter table fills add column market text not null default 'CRYPTO' check (market in ('CRYPTO', 'USSTOCK', 'PERPS', 'IDSS'));
alter table fills alter column market drop default;
alter table fills add column currency text not null default 'IDR';
alter table fills alter column currency drop default;
alter index crypto_fills_pkey rename to fills_pkey;
alter index crypto_fills_user_symbol_idx rename to fills_user_symbol_idx;
alter index crypto_fills_order_idx rename to fills_order_idx;
