// News for a symbol (GET /api/news?symbol=), newest first, in the reader's language when the
// server has it.
import styled from '@emotion/styled';
import { EmptyState, ErrorState, NUMBER_LOCALES, Skeleton, tokens, useAppStore } from '@pasar/shared';
import { useTradeT } from '../i18n';
import { fetchNews } from '../market/market-api';
import { useResource } from '../market/use-resource';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.md};
  margin: 0;
  padding: 0;
  list-style: none;
  h3 {
    margin: 0;
    font-size: ${tokens.fontSizes.md};
    line-height: ${tokens.lineHeights.tight};
  }
  a {
    color: inherit;
  }
  p {
    margin: ${tokens.space.xxs} 0 0;
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.sm};
  }
  small {
    color: ${tokens.colors.textMuted};
    font-size: ${tokens.fontSizes.xs};
  }
`;

export function NewsPanel({ symbol, size = 8 }: { symbol: string; size?: number }) {
  const { t } = useTradeT();
  const lng = useAppStore((state) => state.language);
  const news = useResource(`news:${symbol}:${lng}:${size}`, (signal) => fetchNews(symbol, lng, 0, size, signal));
  if (news.error) return <ErrorState compact headingLevel={3} title={t('news.error')} onRetry={news.retry} />;
  if (!news.data) return <Skeleton lines={6} />;
  if (!news.data.items.length) return <EmptyState compact headingLevel={3} title={t('news.empty', { symbol })} />;
  const date = new Intl.DateTimeFormat(NUMBER_LOCALES[lng], { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <List data-testid="news-list">
      {news.data.items.map((article) => (
        <li key={article.id}>
          <h3>
            {article.url ? (
              <a href={article.url} target="_blank" rel="noopener noreferrer">
                {article.title}
              </a>
            ) : (
              article.title
            )}
          </h3>
          <small>
            {article.source} · <time dateTime={article.publishedAt}>{date.format(new Date(article.publishedAt))}</time>
          </small>
          <p>{article.summary}</p>
        </li>
      ))}
    </List>
  );
}
