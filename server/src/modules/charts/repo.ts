// The charts module's database access. Every query is scoped by the owner's user id: another
// person's chart or template is simply not found.
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';
import { chartSettings, chartTemplates, savedCharts, type ChartTemplateRow, type SavedChartRow, type TemplateKind } from './tables';

export interface ChartWrite {
  readonly name: string;
  readonly symbol: string;
  readonly resolution: string;
  readonly content: string;
}

export function createChartsRepo(db: PasarDb) {
  const mine = (userId: string, id: string) => and(eq(savedCharts.id, id), eq(savedCharts.userId, userId));
  const myTemplate = (userId: string, kind: TemplateKind, id: string) =>
    and(eq(chartTemplates.id, id), eq(chartTemplates.userId, userId), eq(chartTemplates.kind, kind));

  return {
    async charts(userId: string): Promise<SavedChartRow[]> {
      return db.select().from(savedCharts).where(eq(savedCharts.userId, userId)).orderBy(desc(savedCharts.updatedAt), desc(savedCharts.id));
    },

    /** The person's charts without their content (never read from the database). */
    async chartSummaries(userId: string): Promise<Omit<SavedChartRow, 'content'>[]> {
      const { content: _content, ...columns } = getTableColumns(savedCharts);
      return db.select(columns).from(savedCharts).where(eq(savedCharts.userId, userId)).orderBy(desc(savedCharts.updatedAt), desc(savedCharts.id));
    },

    async chart(userId: string, id: string): Promise<SavedChartRow | null> {
      const [row] = await db.select().from(savedCharts).where(mine(userId, id));
      return row ?? null;
    },

    /** Inserts the chart; false when the person already keeps `max` (counted under a lock on their charts). */
    async insertChart(userId: string, id: string, chart: ChartWrite, at: Date, max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-charts:${userId}`}))`);
        const [held] = await tx.select({ n: count() }).from(savedCharts).where(eq(savedCharts.userId, userId));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(savedCharts).values({ id, userId, ...chart, createdAt: at, updatedAt: at, lastOpenedAt: null });
        return true;
      });
    },

    /** Replaces the chart's fields and content; false when it is not this person's. */
    async updateChart(userId: string, id: string, chart: ChartWrite, at: Date): Promise<boolean> {
      const rows = await db.update(savedCharts).set({ ...chart, updatedAt: at }).where(mine(userId, id)).returning({ id: savedCharts.id });
      return rows.length > 0;
    },

    /** The re-save of a load: the chart counts as used now, with its prefix-stripped content when that differs (null: unchanged, not written again). */
    async touchChart(userId: string, id: string, content: string | null, at: Date): Promise<boolean> {
      const rows = await db
        .update(savedCharts)
        .set({ ...(content === null ? {} : { content }), updatedAt: at, lastOpenedAt: at })
        .where(mine(userId, id))
        .returning({ id: savedCharts.id });
      return rows.length > 0;
    },

    async renameChart(userId: string, id: string, name: string, at: Date): Promise<boolean> {
      const rows = await db.update(savedCharts).set({ name, updatedAt: at }).where(mine(userId, id)).returning({ id: savedCharts.id });
      return rows.length > 0;
    },

    async removeChart(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(savedCharts).where(mine(userId, id)).returning({ id: savedCharts.id });
      return rows.length > 0;
    },

    async templates(userId: string, kind: TemplateKind): Promise<ChartTemplateRow[]> {
      return db
        .select()
        .from(chartTemplates)
        .where(and(eq(chartTemplates.userId, userId), eq(chartTemplates.kind, kind)))
        .orderBy(desc(chartTemplates.updatedAt), desc(chartTemplates.id));
    },

    async template(userId: string, kind: TemplateKind, id: string): Promise<ChartTemplateRow | null> {
      const [row] = await db.select().from(chartTemplates).where(myTemplate(userId, kind, id));
      return row ?? null;
    },

    /** Inserts the template; false when the person already keeps `max` of its kind (counted under a lock). */
    async insertTemplate(row: ChartTemplateRow, max: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chart-templates:${row.userId}:${row.kind}`}))`);
        const [held] = await tx.select({ n: count() }).from(chartTemplates).where(and(eq(chartTemplates.userId, row.userId), eq(chartTemplates.kind, row.kind)));
        if ((held?.n ?? 0) >= max) return false;
        await tx.insert(chartTemplates).values(row);
        return true;
      });
    },

    async renameTemplate(userId: string, kind: TemplateKind, id: string, name: string, at: Date): Promise<boolean> {
      const rows = await db.update(chartTemplates).set({ name, updatedAt: at }).where(myTemplate(userId, kind, id)).returning({ id: chartTemplates.id });
      return rows.length > 0;
    },

    async removeTemplate(userId: string, kind: TemplateKind, id: string): Promise<boolean> {
      const rows = await db.delete(chartTemplates).where(myTemplate(userId, kind, id)).returning({ id: chartTemplates.id });
      return rows.length > 0;
    },

    async settings(userId: string): Promise<Map<string, Record<string, unknown>>> {
      const rows = await db.select().from(chartSettings).where(eq(chartSettings.userId, userId));
      return new Map(rows.map((r) => [r.key, r.properties]));
    },

    /** Stores each given kind of properties (replacing that kind's object), in one transaction; the other kinds stay. */
    async saveSettings(userId: string, entries: ReadonlyArray<readonly [string, Record<string, unknown>]>, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [key, properties] of entries) {
          await tx
            .insert(chartSettings)
            .values({ userId, key, properties, updatedAt: at })
            .onConflictDoUpdate({ target: [chartSettings.userId, chartSettings.key], set: { properties: sql`excluded.properties`, updatedAt: at } });
        }
      });
    },
  };
}

export type ChartsRepo = ReturnType<typeof createChartsRepo>;
