-- A margin event's notice is delivered from the event itself: recorded with the effect (the
-- margin call's flag, the liquidation's fill) in one transaction, sent under the event's key (the
-- notification centre sends a key once), then marked. An event whose notice never went out (a
-- crash after the commit, a failing send) is sent by the next pass.
alter table margin_events add column notified_at timestamptz;
-- Events recorded before this column had their notice sent with them.
update margin_events set notified_at = created_at;
create index margin_events_unnotified on margin_events (created_at) where notified_at is null;
