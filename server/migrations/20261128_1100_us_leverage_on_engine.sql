-- US leveraged positions move onto the margin engine (decision 0017): the §7 leverage calls place
-- orders of market USSTOCK_LEV, whose positions are `margin_positions` rows (book = the wallet). The
-- open rows of `us_leverage_positions` become engine rows with the same id, figures and ledger hold
-- (the hold keeps its ledger key; the row now names it as the engine's position hold); closed ones
-- become its history rows (what `positions?scope=history` lists). What the old sweep had done is
-- carried so the engine does not do it twice: each financing day already charged becomes the
-- engine's charge row of that day (run key `cfd:financing:<symbol>:<day>`, the old transfer), a
-- wallet's margin call stays called, a pending liquidation's notice counts as sent; unsent US
-- notices go out as the leveraged market's. Then the old tables go.

-- A flat engine row of the same user, wallet and stock (none is expected; never a position) gives way.
delete from margin_positions m
using us_leverage_positions p
where p.status = 'OPEN' and m.market = 'USSTOCK_LEV' and m.user_id = p.user_id and m.book = p.wallet and m.symbol = p.symbol and m.size = 0;

insert into margin_positions (
  id, market, user_id, book, symbol, size, entry_price, leverage, margin_mode, margin, hold_id,
  realized_pnl, fees_paid, funding_paid, take_profit, stop_loss, trigger_quantity, triggers_expire_at,
  version, margin_called, opened_at, updated_at
)
select
  p.id, 'USSTOCK_LEV', p.user_id, p.wallet, p.symbol, p.quantity, p.entry_price, p.leverage, 'CROSS', p.margin, p.hold_id,
  p.realized_pnl, p.fees, p.financing, p.take_profit, p.stop_loss, p.trigger_quantity, p.triggers_expire_at,
  p.version,
  exists (select 1 from us_leverage_margin_calls c where c.user_id = p.user_id and c.wallet = p.wallet),
  p.opened_at, now()
from us_leverage_positions p
where p.status = 'OPEN';

-- The closed positions become the engine's history rows (keyed by the old position): the size is
-- the last close's (its ledger transfer's memo; the old row kept none).
insert into margin_position_history (key, position_id, market, user_id, book, symbol, side, size, leverage, entry_price, close_price, close_reason, realized_pnl, fees, funding, opened_at, closed_at)
select
  'uslev:closed:' || p.id, p.id, 'USSTOCK_LEV', p.user_id, p.wallet, p.symbol, 'LONG',
  coalesce((
    select (t.memo ->> 'quantity')::numeric from ledger_transfers t
    where t.kind = 'US_LEVERAGE_CLOSE' and t.memo ->> 'positionId' = p.id::text
    order by t.created_at desc limit 1
  ), 0),
  p.leverage, p.entry_price, coalesce(p.close_price, p.entry_price), coalesce(p.close_reason, 'USER'),
  p.realized_pnl, p.fees, p.financing, p.opened_at, coalesce(p.closed_at, p.opened_at)
from us_leverage_positions p
where p.status = 'CLOSED'
on conflict (key) do nothing;

-- The financing days already charged (ledger transfers `uslev:fin:<position>:<day>`) as the engine's charges.
insert into margin_charges (key, run_key, position_id, market, user_id, symbol, kind, size, price, rate, amount, charged_at, transfer_id)
select
  'cfd:financing:' || p.symbol || ':' || split_part(t.key, ':', 4) || ':' || p.id,
  'cfd:financing:' || p.symbol || ':' || split_part(t.key, ':', 4),
  p.id, 'USSTOCK_LEV', p.user_id, p.symbol, 'CFD_FINANCING', p.quantity, p.entry_price,
  coalesce(round((t.memo ->> 'charge')::numeric / nullif(p.quantity * p.entry_price * (p.leverage - 1) / p.leverage, 0), 10), 0),
  (t.memo ->> 'charge')::numeric, t.created_at, t.id
from us_leverage_positions p
join ledger_transfers t on t.key like 'uslev:fin:%' and split_part(t.key, ':', 3) = p.id::text
where p.status = 'OPEN'
on conflict (key) do nothing;

-- A liquidation the old sweep marked pending was told: the engine's event of the same position version, sent.
insert into margin_events (key, kind, market, user_id, symbol, details, notified_at)
select 'liq-pending:' || p.id || ':v' || p.version, 'LIQUIDATION_PENDING', 'USSTOCK_LEV', p.user_id, p.symbol,
  jsonb_build_object('size', p.quantity::text, 'book', p.wallet), now()
from us_leverage_positions p
where p.status = 'OPEN' and p.liquidation_pending
on conflict (key) do nothing;

update margin_events set market = 'USSTOCK_LEV' where market = 'USSTOCK' and notified_at is null;

drop table us_leverage_margin_calls;
drop table us_leverage_positions;
