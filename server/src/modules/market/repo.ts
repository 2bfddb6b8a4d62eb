// The market module's only database access: news articles (the halts are the core's: market/halts.ts).
import { sql } from 'drizzle-orm';
import type { PasarDb } from '../../db/database';

export interface NewsRow {
  readonly id: string;
  readonly source: string;
  readonly url: string | null;
  readonly title: string;
  readonly summary: string;
  readonly language: 'id' | 'en';
  readonly symbols: readonly string[];
  readonly publishedAt: Date;
}

export interface NewsRepo {
  count(source?: string): Promise<number>;
  /** Inserts articles, skipping ids already present; returns how many were new. */
  insert(rows: readonly NewsRow[]): Promise<number>;
  list(filter: { symbol?: string; language?: string; offset: number; limit: number }): Promise<{ rows: NewsRow[]; total: number }>;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

export function createNewsRepo(db: PasarDb): NewsRepo {
  const mapNews = (r: Record<string, unknown>): NewsRow => ({
    id: String(r.id),
    source: String(r.source),
    url: r.url === null || r.url === undefined ? null : String(r.url),
    title: String(r.title),
    summary: String(r.summary),
    language: r.language === 'en' ? 'en' : 'id',
    symbols: Array.isArray(r.symbols) ? r.symbols.map(String) : parsePgArray(String(r.symbols ?? '{}')),
    publishedAt: toDate(r.published_at),
  });
  return {
    async count(source) {
      const result = await db.execute<{ n: string | number }>(
        source
          ? sql`select count(*) as n from news_articles where source = ${source}`
          : sql`select count(*) as n from news_articles`,
      );
      return Number(result.rows[0]?.n ?? 0);
    },
    async insert(rows) {
      let inserted = 0;
      for (const r of rows) {
        const symbols = `{${r.symbols.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`;
        const result = await db.execute<Record<string, unknown>>(sql`
          insert into news_articles (id, source, url, title, summary, language, symbols, published_at)
          values (${r.id}, ${r.source}, ${r.url}, ${r.title}, ${r.summary}, ${r.language}, ${symbols}::text[], ${r.publishedAt.toISOString()})
          on conflict (id) do nothing returning id`);
        inserted += result.rows.length;
      }
      return inserted;
    },
    async list({ symbol, language, offset, limit }) {
      const where = sql.join(
        [
          sql`true`,
          ...(symbol ? [sql`${symbol} = any(symbols)`] : []),
          ...(language ? [sql`language = ${language}`] : []),
        ],
        sql` and `,
      );
      const rows = await db.execute<Record<string, unknown>>(sql`
        select id, source, url, title, summary, language, symbols, published_at from news_articles
        where ${where} order by published_at desc, id limit ${limit} offset ${offset}`);
      const total = await db.execute<{ n: string | number }>(sql`select count(*) as n from news_articles where ${where}`);
      return { rows: rows.rows.map(mapNews), total: Number(total.rows[0]?.n ?? 0) };
    },
  };
}

function parsePgArray(text: string): string[] {
  const inner = text.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}
