-- An order's optional second hold (decision 0019): a market whose buys may reserve from two
-- accounts in order (IDX: cash first, then unsettled sale proceeds) keeps the second part's hold
-- here. Captured after the first at a fill, released with it, re-taken with it at an amendment.
alter table orders add column hold2_id uuid;
alter table orders add column hold2_amount numeric;
