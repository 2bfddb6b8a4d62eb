-- The ledger's balance rule, checked once per statement instead of once per row at commit
-- (docs/decisions/0011-ledger.md, 0029-order-path.md). Migration 0005 checked every transfer AND
-- every entry at commit, each check a query of its own: a fill of three entries ran four. Only
-- ledger/statements.ts writes transfers and entries, and always a transfer with all its entries in
-- one statement, so at the end of that statement:
--   - every transfer it inserted has entries (a transfer-level trigger, one call per statement);
--   - every transfer an inserted entry belongs to sums to zero per currency, counting all of its
--     entries, old and new (an entry-level trigger, one call per statement), so an entry added
--     later to an old transfer is refused as before.
-- Stricter than at commit: the statement that would break the rule fails itself.
drop trigger ledger_transfers_balanced on ledger_transfers;
drop trigger ledger_entries_balanced on ledger_entries;
drop function ledger_transfer_balanced();
drop function ledger_entry_balanced();
drop function ledger_assert_balanced(uuid);

create function ledger_transfers_have_entries() returns trigger language plpgsql as $$
declare
  empty uuid;
begin
  select t.id into empty from added_transfers t
    where not exists (select 1 from ledger_entries e where e.transfer_id = t.id) limit 1;
  if empty is not null then
    raise exception 'ledger: transfer % has no entries', empty using errcode = '23514';
  end if;
  return null;
end
$$;

create function ledger_entries_balanced() returns trigger language plpgsql as $$
declare
  bad record;
begin
  select e.transfer_id, e.currency into bad from ledger_entries e
    where e.transfer_id in (select distinct transfer_id from added_entries)
    group by e.transfer_id, e.currency having sum(e.amount) <> 0 limit 1;
  if bad.transfer_id is not null then
    raise exception 'ledger: transfer % does not balance in %', bad.transfer_id, bad.currency using errcode = '23514';
  end if;
  return null;
end
$$;

create trigger ledger_transfers_have_entries after insert on ledger_transfers
  referencing new table as added_transfers for each statement execute function ledger_transfers_have_entries();
create trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as added_entries for each statement execute function ledger_entries_balanced();
