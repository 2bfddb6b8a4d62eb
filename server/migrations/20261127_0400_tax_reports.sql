-- Tax reports: one row per requested report (a person's year or month), generated in the
-- background. A request is idempotent on (user, x-request-id). Any instance may take a QUEUED
-- report (or a RUNNING one whose lease lapsed) with a conditional update, so each runs on one
-- instance at a time; its files are kept in the server's file storage under `files`.
create table tax_reports (
  id uuid primary key,
  user_id uuid not null,
  request_id text not null,
  period text not null check (period in ('YEAR', 'MONTH')),
  year integer not null,
  month integer check (month between 1 and 12),
  language text not null,
  status text not null check (status in ('QUEUED', 'RUNNING', 'READY', 'FAILED')),
  progress integer not null default 0 check (progress between 0 and 100),
  attempts integer not null default 0,
  summary jsonb,
  failure text,
  runner text,
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (user_id, request_id)
);
create index tax_reports_user on tax_reports (user_id, created_at desc, id desc);
create index tax_reports_waiting on tax_reports (status, created_at) where status in ('QUEUED', 'RUNNING');
