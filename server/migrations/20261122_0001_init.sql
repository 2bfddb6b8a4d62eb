-- Pasar: first migration. `schema_migrations` is created by the runner (src/db/migrate.ts).
-- Migrations are never edited after they land: add a new dated file instead.

create table app_meta (
  key        text primary key,
  value      text not null,
  updated_at timestamptz not null default now()
);

insert into app_meta (key, value) values ('created_at', now()::text);
