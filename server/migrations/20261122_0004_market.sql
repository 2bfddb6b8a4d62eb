-- Market data (issue 4): trading halts and news. Prices are not stored: the simulated market is
-- a pure function of its seed and time (docs/decisions/0008-market-simulator.md).

-- One row per halt; the open halt of a symbol has resumed_at null (at most one per symbol).
create table market_halts (
  id          bigserial primary key,
  symbol      text not null,
  title       text not null,
  description text not null,
  halted_at   timestamptz not null default now(),
  resumed_at  timestamptz
);
create unique index market_halts_open_symbol on market_halts (symbol) where resumed_at is null;

create table news_articles (
  id           text primary key,
  source       text not null,
  url          text,
  title        text not null,
  summary      text not null,
  language     text not null check (language in ('id', 'en')),
  symbols      text[] not null default '{}',
  published_at timestamptz not null,
  created_at   timestamptz not null default now()
);
create index news_articles_published on news_articles (published_at desc);
create index news_articles_symbols on news_articles using gin (symbols);
