-- The market clock's setting (development and tests only: production always reads the wall
-- clock). At most one row; none when the clock is the wall clock. Instants in epoch ms.
create table market_clock (
  id      boolean primary key default true check (id),
  at_ms   bigint not null,
  set_ms  bigint not null,
  frozen  boolean not null
);
