-- A busy house account spread over several rows (docs/decisions/0011-ledger.md, 0029-order-path.md):
-- every fill locked the one FEES row and the one INVENTORY row of its currencies until its
-- transaction committed, so all fills queued on them. A house account may now have shards: rows
-- with the same house and currency and `shard` 1..n-1 (ref `house:FEES:IDR#3`); the ledger picks
-- one per transfer from its key. Its balance is the sum of its rows; entries keep `house`, so
-- reports that group by house read the same. Shard 0 is the row that existed before.
alter table ledger_accounts add column shard smallint not null default 0;
alter table ledger_accounts add constraint ledger_accounts_shard check (shard >= 0 and (house is not null or shard = 0));
alter table ledger_accounts drop constraint ledger_accounts_ref;
alter table ledger_accounts add constraint ledger_accounts_ref check (
  ref = case when house is null then 'user:' || user_id::text || ':' || purpose || ':' || currency
             else 'house:' || house || ':' || currency || case when shard = 0 then '' else '#' || shard::text end end);
-- A house account's rows, summed for its balance.
create index ledger_accounts_house_idx on ledger_accounts (house, currency) where house is not null;
