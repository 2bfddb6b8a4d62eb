// Loaded into the crash tests' server process (`node --require`): the process kills itself with
// SIGKILL when it is about to send the Nth SQL statement whose text contains PASAR_KILL_SQL and
// one of whose parameters starts with PASAR_KILL_PARAM. A real SIGKILL at a chosen point of the
// work (inside that statement's transaction), where a signal from the test would land anywhere.
// Plain CommonJS: it runs before tsx is registered, and patches the same drizzle modules the server
// then requires: every statement is built by PgDialect.sqlToQuery, on PGlite and on PostgreSQL,
// but for the fixed statements of db/prepared.ts (names starting `pasar_fixed_`), which are made
// from their text per call by the session's prepareQuery.
'use strict';
const fs = require('node:fs');
const { PgDialect } = require('drizzle-orm/pg-core');

const text = (process.env.PASAR_KILL_SQL || '').toLowerCase();
const prefix = process.env.PASAR_KILL_PARAM || '';
const at = Number(process.env.PASAR_KILL_AT || '0');
if (text && at > 0) {
  let seen = 0;
  const check = (query) => {
    const hit =
      query.sql.toLowerCase().includes(text) &&
      (!prefix || query.params.some((p) => typeof p === 'string' && p.startsWith(prefix)));
    if (hit && ++seen === at) {
      fs.writeSync(2, `kill-at: SIGKILL at statement ${seen} (${prefix})\n`);
      process.kill(process.pid, 'SIGKILL');
    }
  };
  const original = PgDialect.prototype.sqlToQuery;
  PgDialect.prototype.sqlToQuery = function sqlToQuery(...args) {
    const query = original.apply(this, args);
    check(query);
    return query;
  };
  const { NodePgSession } = require('drizzle-orm/node-postgres');
  const { PgliteSession } = require('drizzle-orm/pglite');
  for (const Session of [NodePgSession, PgliteSession]) {
    const prepare = Session.prototype.prepareQuery;
    Session.prototype.prepareQuery = function prepareQuery(query, fields, name, ...rest) {
      if (typeof name === 'string' && name.startsWith('pasar_fixed_')) check(query);
      return prepare.call(this, query, fields, name, ...rest);
    };
  }
}
