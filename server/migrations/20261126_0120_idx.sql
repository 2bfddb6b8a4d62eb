-- Indonesian stocks (IDX): the T+2 settlement of each sale. A sale's IDR proceeds land in the
-- seller's IDX_UNSETTLED ledger account in the fill's own transaction, with one row here; the
-- settlement job moves each due row's amount to CASH (ledger key idx-settle:<fill id>) and marks
-- the row settled in the same transaction, so it lands once however many instances run the job.
-- Balances themselves live in the ledger; nothing here holds money.
create table idx_settlements (
  fill_id          uuid primary key references fills (id),
  user_id          uuid not null references users (id),
  symbol           text not null,
  -- The net proceeds (amount − fee − tax), whole Rupiah.
  amount           numeric not null check (amount >= 0),
  -- The IDX trading day of the sale (Jakarta date) and the second trading day after it.
  trade_date       date not null,
  settlement_date  date not null check (settlement_date > trade_date),
  settled_at       timestamptz,
  transfer_id      uuid
);
create index idx_settlements_due on idx_settlements (settlement_date) where settled_at is null;
create index idx_settlements_user on idx_settlements (user_id) where settled_at is null;
