-- Leveraged US stock orders are a market of their own in the trading core (decision 0017 step 2):
-- 'USSTOCK_LEV' (CFDs on the 2x and 4x wallets, fills settled by the margin engine). It is no asset
-- type on the wire; the orders and fills tables accept it beside the wire's markets.
alter table orders drop constraint orders_market_check;
alter table orders add constraint orders_market_check check (market in ('CRYPTO', 'USSTOCK', 'PERPS', 'IDSS', 'USSTOCK_LEV'));
alter table fills drop constraint fills_market_check;
alter table fills add constraint fills_market_check check (market in ('CRYPTO', 'USSTOCK', 'PERPS', 'IDSS', 'USSTOCK_LEV'));
