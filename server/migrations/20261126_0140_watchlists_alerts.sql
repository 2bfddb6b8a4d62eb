-- Watchlists, asset suggestions, price alerts and their firings, and notification links and keys
-- (issue 14). Nothing here holds money.

-- A user's custom watchlists, in the user's order, and their symbols in the list's order.
create table watchlists (
  id          uuid primary key,
  user_id     uuid not null references users (id),
  name        text not null check (length(name) between 1 and 40),
  position    integer not null,
  created_at  timestamptz not null,
  updated_at  timestamptz not null
);
create index watchlists_user on watchlists (user_id, position);

create table watchlist_items (
  watchlist_id uuid not null references watchlists (id) on delete cascade,
  symbol       text not null,
  position     integer not null,
  added_at     timestamptz not null,
  primary key (watchlist_id, symbol)
);

-- Assets people asked for that are not listed; one per user and normalized name.
create table asset_suggestions (
  id          uuid primary key,
  user_id     uuid not null references users (id),
  name        text not null,
  name_key    text not null,
  asset_type  text,
  note        text,
  created_at  timestamptz not null,
  unique (user_id, name_key)
);
create index asset_suggestions_created on asset_suggestions (created_at desc);

-- Price alerts. The crossing state is here so every instance and a restart agree: the alert waits
-- for the price to reach the target going `wait_for` (UP: last >= target, or > when `strict`;
-- DOWN: last <= target, or < when strict). `crossings` counts the crossings that fired it; each
-- firing changes the row only if `crossings` is still what the evaluator read (one winner).
create table price_alerts (
  id                   uuid primary key,
  user_id              uuid not null references users (id),
  symbol               text not null,
  asset_type           text not null,
  target_price         numeric not null check (target_price > 0),
  direction            text not null check (direction in ('UP', 'DOWN', 'EITHER')),
  note                 text,
  repeating            boolean not null,
  create_from_chart    boolean not null,
  status               text not null check (status in ('ACTIVE', 'TRIGGERED')),
  price_at_creation    numeric not null,
  wait_for             text not null check (wait_for in ('UP', 'DOWN')),
  strict               boolean not null,
  crossings            integer not null default 0,
  last_triggered_at    timestamptz,
  last_triggered_price numeric,
  created_at           timestamptz not null,
  updated_at           timestamptz not null
);
create index price_alerts_user on price_alerts (user_id, created_at desc);
create index price_alerts_active on price_alerts (symbol) where status = 'ACTIVE';

-- The outbox of fired alerts: one row per alert and crossing (the primary key makes a crossing
-- land once), written in the transaction that moved the alert; delivered_at once the user has it.
create table price_alert_firings (
  alert_id      uuid not null references price_alerts (id) on delete cascade,
  crossing      integer not null,
  user_id       uuid not null,
  symbol        text not null,
  target_price  numeric not null,
  crossed       text not null check (crossed in ('UP', 'DOWN')),
  price         numeric not null,
  fired_at      timestamptz not null,
  delivered_at  timestamptz,
  primary key (alert_id, crossing)
);
create index price_alert_firings_pending on price_alert_firings (fired_at) where delivered_at is null;

-- Where a notification leads (an order or an asset).
alter table notifications
  add column link_kind text check (link_kind in ('ORDER', 'ASSET')),
  add column link_symbol text,
  add column link_asset_type text,
  add column link_order_id text;
create index notifications_user_type on notifications (user_id, type, created_at desc);

-- A notification sent under a key (an alert's crossing, an order's fill) is sent once: the key is
-- written in the same transaction as the notification.
create table notification_keys (
  user_id     uuid not null,
  key         text not null,
  created_at  timestamptz not null,
  primary key (user_id, key)
);

