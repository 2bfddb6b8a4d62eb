-- Saved charts, study and drawing templates, and the user web chart settings (§3, §7 Charts).
-- Nothing here holds money. Every row is one person's own.

-- A saved chart: its content is the text of the JSON file it was saved with, kept as sent (the
-- load answers it byte for byte); the symbol is the listed ticker it resolved to.
create table saved_charts (
  id              uuid primary key,
  user_id         uuid not null references users (id) on delete cascade,
  name            text not null check (length(name) between 1 and 64),
  symbol          text not null,
  resolution      text not null,
  content         text not null,
  created_at      timestamptz not null,
  updated_at      timestamptz not null,
  last_opened_at  timestamptz
);
create index saved_charts_user on saved_charts (user_id, updated_at desc);

-- Study templates (the studies with their parameters and colours) and drawing templates (the
-- style of one drawing tool), in one table told apart by `kind`.
create table chart_templates (
  id          uuid primary key,
  user_id     uuid not null references users (id) on delete cascade,
  kind        text not null check (kind in ('STUDY', 'DRAWING')),
  name        text not null check (length(name) between 1 and 64),
  tool        text,
  content     jsonb not null,
  created_at  timestamptz not null,
  updated_at  timestamptz not null,
  check ((kind = 'DRAWING') = (tool is not null))
);
create index chart_templates_user on chart_templates (user_id, kind, updated_at desc);

-- The user web chart settings: one row per person and kind of properties (tvProperties,
-- cryptoProperties, …), so saving one kind leaves the others as they are.
create table chart_settings (
  user_id     uuid not null references users (id) on delete cascade,
  key         text not null check (key in ('tvProperties', 'cryptoProperties', 'usStockProperties', 'idxProperties', 'perpProperties')),
  properties  jsonb not null,
  updated_at  timestamptz not null,
  primary key (user_id, key)
);
