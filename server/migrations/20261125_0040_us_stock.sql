-- US stocks on the PALN wallet: who holds which stock (so corporate actions know whom to look at),
-- and each corporate action applied to each holder. Balances themselves (USD and shares, purpose
-- USD_PALN) live in the ledger; nothing here holds money.

-- A user who has placed a buy of a stock, from when (the market clock): corporate actions with an
-- ex-date before it cannot concern them.
create table us_stock_holders (
  user_id    uuid not null references users (id),
  symbol     text not null,
  first_at   timestamptz not null,
  primary key (symbol, user_id)
);

-- One row per corporate action and holder, written in the same transaction as its ledger transfer
-- (key us-dividend:<action>:<user> or us-split:<action>:<user>): the primary key makes each land
-- once, however many instances or runs see it. Amounts in USD; quantities in shares.
create table us_stock_corporate_actions (
  action_id         text not null,
  user_id           uuid not null references users (id),
  symbol            text not null,
  type              text not null check (type in ('DIVIDEND', 'SPLIT')),
  ex_date           date not null,
  -- Shares held at the start of the ex-date (what the action applies to).
  entitled_quantity numeric not null check (entitled_quantity >= 0),
  -- Splits: shares added (quantity × (ratio − 1)).
  shares_added      numeric check (shares_added >= 0),
  ratio             text,
  -- Dividends: per share, gross, withheld (at the rate), net paid.
  per_share         numeric check (per_share >= 0),
  gross             numeric check (gross >= 0),
  withholding_rate  numeric check (withholding_rate >= 0 and withholding_rate <= 1),
  withholding       numeric check (withholding >= 0),
  net               numeric check (net >= 0),
  transfer_id       uuid,
  applied_at        timestamptz not null default now(),
  primary key (action_id, user_id)
);
create index us_stock_corporate_actions_user on us_stock_corporate_actions (user_id, symbol, ex_date);
