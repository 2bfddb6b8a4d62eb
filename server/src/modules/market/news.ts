// News ingestion: a NewsSource yields articles; the shipped sample seeds an empty table on first
// start; RSS/Atom feeds (NEWS_FEEDS, off by default) are polled and tagged to symbols by name.
import type { Instrument } from '@pasar/shared/contract';
import { createHash } from 'node:crypto';
import type { NewsRepo, NewsRow } from './repo';
import { SAMPLE_SOURCE, SAMPLE_STORIES } from './news-sample';

export interface NewsSource {
  readonly name: string;
  fetch(): Promise<NewsRow[]>;
}

/** The shipped sample, dated relative to `now`. */
export function sampleArticles(now: number): NewsRow[] {
  return SAMPLE_STORIES.flatMap(([hoursAgo, symbols, id, en], i) =>
    (['id', 'en'] as const).map((language) => {
      const [title, summary] = language === 'id' ? id : en;
      return {
        id: `sample-${String(i + 1).padStart(2, '0')}-${language}`,
        source: SAMPLE_SOURCE,
        url: null,
        title,
        summary,
        language,
        symbols,
        publishedAt: new Date(now - hoursAgo * 3_600_000 - (language === 'en' ? 60_000 : 0)),
      };
    }),
  );
}

export async function seedSampleNews(repo: NewsRepo, now: number = Date.now()): Promise<number> {
  if ((await repo.count(SAMPLE_SOURCE)) > 0) return 0;
  return repo.insert(sampleArticles(now));
}

// ---- RSS / Atom ----

const decodeEntities = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

const stripTags = (s: string) => decodeEntities(s).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

function tag(block: string, name: string): string | null {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'i').exec(block);
  return m ? m[1]! : null;
}

/** Items of an RSS 2.0 or Atom document: title, link, summary, date. */
export function parseFeed(xml: string): { title: string; link: string | null; summary: string; published: Date | null }[] {
  const blocks = xml.match(/<item[\s>][\s\S]*?<\/item>/gi) ?? xml.match(/<entry[\s>][\s\S]*?<\/entry>/gi) ?? [];
  return blocks.map((block) => {
    const atomLink = /<link[^>]*href="([^"]+)"/i.exec(block)?.[1] ?? null;
    const link = tag(block, 'link');
    const date = tag(block, 'pubDate') ?? tag(block, 'published') ?? tag(block, 'updated') ?? tag(block, 'dc:date');
    const parsed = date ? new Date(stripTags(date)) : null;
    return {
      title: stripTags(tag(block, 'title') ?? ''),
      link: link && stripTags(link) ? stripTags(link) : atomLink,
      summary: stripTags(tag(block, 'description') ?? tag(block, 'summary') ?? tag(block, 'content') ?? '').slice(0, 600),
      published: parsed && !Number.isNaN(parsed.getTime()) ? parsed : null,
    };
  });
}

/** Symbols an article mentions: a code as a whole word (BBCA, AAPL) or a name ("Bitcoin"). */
export function tagSymbols(text: string, instruments: readonly Instrument[]): string[] {
  const out = new Set<string>();
  for (const i of instruments) {
    if (i.kind === 'perps') continue;
    const code = i.shortName;
    const name = i.name.replace(/,? (Inc\.|Corporation|Tbk\.|Incorporated|Company).*$/, '').replace(/^The /, '');
    const codeHit = code.length >= 3 && new RegExp(`\\b${code}\\b`).test(text);
    const nameHit = name.length >= 4 && text.toLowerCase().includes(name.toLowerCase());
    if (codeHit || nameHit) out.add(i.symbol);
  }
  return [...out].slice(0, 8);
}

export class RssSource implements NewsSource {
  readonly name: string;
  constructor(
    private readonly url: string,
    private readonly instruments: readonly Instrument[],
    private readonly fetcher: typeof fetch = fetch,
  ) {
    this.name = new URL(url).hostname;
  }

  async fetch(): Promise<NewsRow[]> {
    const response = await this.fetcher(this.url, { signal: AbortSignal.timeout(15_000), headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' } });
    if (!response.ok) throw new Error(`${this.url}: HTTP ${response.status}`);
    const xml = await response.text();
    const language = /<language>\s*id/i.test(xml) || /xml:lang="id/i.test(xml) ? 'id' : 'en';
    return parseFeed(xml)
      .filter((item) => item.title)
      .map((item) => ({
        id: `rss-${createHash('sha256').update(item.link ?? `${this.url}|${item.title}`).digest('hex').slice(0, 24)}`,
        source: this.name,
        url: item.link && /^https?:\/\//.test(item.link) ? item.link : null,
        title: item.title.slice(0, 300),
        summary: item.summary,
        language,
        symbols: tagSymbols(`${item.title} ${item.summary}`, this.instruments),
        publishedAt: item.published ?? new Date(),
      }));
  }
}

/** Polls the sources every `seconds`; returns a stop function. */
export function startNewsPolling(sources: readonly NewsSource[], repo: NewsRepo, seconds: number, onError: (error: unknown, source: string) => void): () => void {
  const run = async () => {
    for (const source of sources) {
      try {
        await repo.insert(await source.fetch());
      } catch (error) {
        onError(error, source.name);
      }
    }
  };
  void run();
  const timer = setInterval(() => void run(), seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
