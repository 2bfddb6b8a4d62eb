// The market clock's stored setting (table `market_clock`, at most one row): the market core's
// own table, read at start and written when an operator sets or clears the clock.
import { sql } from 'drizzle-orm';
import type { PasarDb } from '../db/database';
import type { ClockSetting, ClockStore } from './clock';

export function createClockStore(db: PasarDb): ClockStore {
  return {
    async load() {
      const result = await db.execute<Record<string, unknown>>(sql`select at_ms, set_ms, frozen from market_clock`);
      const row = result.rows[0];
      return row ? { at: Number(row.at_ms), setAt: Number(row.set_ms), frozen: row.frozen === true || row.frozen === 't' } : null;
    },
    async save(setting: ClockSetting | null) {
      if (!setting) {
        await db.execute(sql`delete from market_clock`);
        return;
      }
      await db.execute(sql`
        insert into market_clock (id, at_ms, set_ms, frozen) values (true, ${setting.at}, ${setting.setAt}, ${setting.frozen})
        on conflict (id) do update set at_ms = excluded.at_ms, set_ms = excluded.set_ms, frozen = excluded.frozen`);
    },
  };
}
