-- The transaction history's page: driven by the person's accounts, each account's entries newest
-- first in the page's own order (time, then transfer id), so a page reads about a page of entries
-- per account instead of walking every transfer newest first. An entry's created_at is its
-- transfer's, so (created_at, transfer_id) is the page's keyset.
create index if not exists ledger_entries_account_transfer_idx on ledger_entries (account_id, created_at desc, transfer_id desc);
