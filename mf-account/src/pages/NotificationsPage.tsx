// The notifications centre (§2): newest first, unread ones marked, read one by one or all at once;
// filtered by type, a page at a time, each one linking to the order or asset it is about (its
// symbol's trade page, where the orders are too).
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  api,
  Badge,
  Button,
  Card,
  EmptyState,
  Field,
  formatDateTime,
  notificationPath,
  notificationReadPath,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  Page,
  PageHeader,
  Select,
  showToast,
  Stack,
  TextLink,
  tokens,
  useApiData,
  VisuallyHidden,
  type NotificationPage,
  type NotificationType,
  type UserNotification,
} from '@pasar/shared';
import { useState } from 'react';
import { errorText, LoadState } from '../components/AccountPage';
import { useAccountT } from '../i18n';

const List = styled.ul`
  display: flex;
  flex-direction: column;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $unread: boolean }>`
  display: flex;
  gap: ${tokens.space.md};
  justify-content: space-between;
  flex-wrap: wrap;
  padding: ${tokens.space.md};
  border-bottom: 1px solid ${tokens.colors.border};
  background: ${({ $unread }) => ($unread ? tokens.colors.surfaceSunken : 'transparent')};
`;

const Title = styled.p<{ $unread: boolean }>`
  margin: 0;
  font-weight: ${({ $unread }) => ($unread ? tokens.fontWeights.bold : tokens.fontWeights.medium)};
  overflow-wrap: anywhere;
`;

const Body = styled.p`
  margin: ${tokens.space.xxs} 0 0;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: ${tokens.space.xxs} 0 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

const Filter = styled.div`
  max-width: 280px;
  margin-bottom: ${tokens.space.md};
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  margin-top: ${tokens.space.md};
`;

export function NotificationsPage() {
  const { t, i18n } = useAccountT();
  const [page, setPage] = useState(0);
  const [type, setType] = useState<NotificationType | ''>('');
  const list = useApiData(
    () =>
      api.get<NotificationPage>(ACCOUNT_PATHS.notifications, {
        params: { page, size: NOTIFICATIONS_PAGE_SIZE, ...(type ? { type } : {}) },
        language: true,
      }),
    [page, type],
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const lang = i18n.language === 'en' ? 'en' : 'id';

  const markRead = async (item: UserNotification) => {
    try {
      await api.post(notificationReadPath(item.id), undefined, { language: true });
      if (list.data) {
        list.setData({
          ...list.data,
          unreadCount: Math.max(0, list.data.unreadCount - 1),
          items: list.data.items.map((i) => (i.id === item.id ? { ...i, readAt: new Date().toISOString() } : i)),
        });
      }
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
    }
  };

  const markAll = async () => {
    try {
      await api.post(ACCOUNT_PATHS.notificationsReadAll, undefined, { language: true });
      await list.reload();
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
    }
  };

  const unread = list.data?.unreadCount ?? 0;
  return (
    <Page narrow>
      <PageHeader
        title={
          <>
            {t('notifications.title')}{' '}
            {unread > 0 && (
              // aria-label is not announced on a plain span: the count is read from hidden text.
              <>
                <Badge $tone="danger" aria-hidden="true" data-testid="unread-count">
                  {unread}
                </Badge>
                <VisuallyHidden>{t('notifications.unreadCount', { count: unread })}</VisuallyHidden>
              </>
            )}
          </>
        }
        subtitle={t('notifications.description')}
        actions={
          <Stack direction="row" gap="sm" align="center" wrap>
            {unread > 0 && (
              <Button size="sm" variant="secondary" onClick={() => void markAll()}>
                {t('notifications.markAll')}
              </Button>
            )}
            <TextLink to="/account/notification">{t('notifications.settings')}</TextLink>
          </Stack>
        }
      />
      <Card>
        <Filter>
          <Field label={t('notifications.filter')}>
            <Select
              value={type}
              onChange={(e) => {
                setType(e.target.value as NotificationType | '');
                setPage(0);
              }}
              options={[
                { value: '', label: t('notifications.allTypes') },
                ...NOTIFICATION_TYPES.map((value) => ({ value, label: t(`notificationSettings.types.${value}`) })),
              ]}
            />
          </Field>
        </Filter>
        <LoadState loading={list.loading && !list.data} error={list.error} onRetry={() => void list.reload()} />
        {list.data && list.data.items.length === 0 && (
          <EmptyState title={t('notifications.emptyTitle')} description={t(type ? 'notifications.emptyFiltered' : 'notifications.emptyBody')} />
        )}
        {list.data && list.data.items.length > 0 && (
          <List>
            {list.data.items.map((item) => {
              const isUnread = item.readAt === null;
              return (
                <Item key={item.id} $unread={isUnread} data-testid="notification">
                  <div>
                    <Title $unread={isUnread}>
                      {isUnread && <VisuallyHidden>{t('notifications.unread')}: </VisuallyHidden>}
                      {item.title}
                    </Title>
                    <Body>{item.body}</Body>
                    <Muted>{formatDateTime(item.createdAt, lang)}</Muted>
                    {item.link && (
                      <TextLink to={notificationPath(item.link)!} data-testid="notification-link">
                        {t(item.link.kind === 'ORDER' ? 'notifications.openOrder' : 'notifications.openAsset', { symbol: item.link.symbol })}
                      </TextLink>
                    )}
                  </div>
                  {isUnread && (
                    <Button size="sm" variant="ghost" onClick={() => void markRead(item)}>
                      {t('notifications.markRead')}
                    </Button>
                  )}
                </Item>
              );
            })}
          </List>
        )}
        {list.data && pages > 1 && (
          <Pager aria-label={t('notifications.pages')}>
            <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('notifications.previous')}
            </Button>
            <Muted aria-live="polite">{t('notifications.pageOf', { page: page + 1, pages })}</Muted>
            <Button variant="secondary" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              {t('notifications.next')}
            </Button>
          </Pager>
        )}
      </Card>
    </Page>
  );
}
