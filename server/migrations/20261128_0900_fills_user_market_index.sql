-- A page of a person's fills of one market, newest first (the perps position history): on this
-- index a page reads its offset and its rows; on (user_id, symbol, executed_at) alone it read every
-- fill of the person's markets and sorted them.
create index if not exists fills_user_market_time_idx on fills (user_id, market, executed_at desc, id desc);
