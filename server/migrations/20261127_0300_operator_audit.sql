-- Operators are named people, each with a token of their own. Only a hash of the token is kept
-- (the token is shown once, when the operator is added); a revoked operator's token stops working
-- at once. The bootstrap token (ADMIN_TOKEN or <DATA_DIR>/admin-token) is not stored here.
create table operators (
  name text primary key,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  created_by text not null,
  revoked_at timestamptz,
  revoked_by text
);

-- Every operator action: who, what, on what, why, when. Written in the action's own transaction
-- when the action changes the database, so an action and its record commit or fail together. An
-- action the server refused (nothing pending, a conflict) is kept too, its outcome "refused".
create table operator_audit (
  id bigserial primary key,
  operator text not null,
  action text not null,
  target text,
  reason text,
  details jsonb not null default '{}'::jsonb,
  outcome text not null default 'done',
  at timestamptz not null default now()
);
create index operator_audit_at on operator_audit (at desc, id desc);
create index operator_audit_operator on operator_audit (operator, at desc);
create index operator_audit_action on operator_audit (action, at desc);
