-- Foreign-currency wallets (issue 5): USD yield enrolment and its daily accruals. The wallets'
-- balances themselves live in the ledger (migration 0005); nothing here holds money.

-- One row per opt-in period; the open one has opted_out_at null (at most one per user). A WIB day
-- earns yield when a period covers the whole day.
create table usd_yield_periods (
  id           bigserial primary key,
  user_id      uuid not null references users (id),
  opted_in_at  timestamptz not null,
  opted_out_at timestamptz,
  check (opted_out_at is null or opted_out_at >= opted_in_at)
);
create unique index usd_yield_periods_open on usd_yield_periods (user_id) where opted_out_at is null;
create index usd_yield_periods_user on usd_yield_periods (user_id, opted_in_at);

-- One row per user and accrued WIB day, written in the same transaction as the day's payment
-- (ledger key usd-yield:<user>:<date>): the primary key makes each day accrue exactly once.
-- interest = balance × annual_percent / 100 / 365, unrounded; carry_in + interest = paid + carry_out,
-- where paid is whole cents and carry_out the fraction of a cent kept for the next day.
create table usd_yield_accruals (
  user_id        uuid not null references users (id),
  accrual_date   date not null,
  balance        numeric not null check (balance >= 0),
  annual_percent numeric not null check (annual_percent >= 0),
  interest       numeric not null check (interest >= 0),
  carry_in       numeric not null check (carry_in >= 0 and carry_in < 0.01),
  paid           numeric not null check (paid >= 0 and paid = round(paid, 2)),
  carry_out      numeric not null check (carry_out >= 0 and carry_out < 0.01),
  created_at     timestamptz not null default now(),
  primary key (user_id, accrual_date),
  check (carry_in + interest = paid + carry_out)
);
