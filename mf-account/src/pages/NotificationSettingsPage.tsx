// `/account/notification`: which notices reach which channel (in-app, e-mail, Telegram), margin
// calls and liquidation among them; security notices always reach the app. Telegram is
// connected by opening a one-time link to the bot. Browser (system) notifications for a tab in the
// background: their state in this browser, switched on (the browser asks, on this click) or off.
import styled from '@emotion/styled';
import {
  ACCOUNT_PATHS,
  ALWAYS_ON_NOTIFICATION,
  api,
  Badge,
  Button,
  Card,
  NOTIFICATION_CHANNELS,
  showToast,
  Stack,
  tokens,
  useApiData,
  type NotificationSetting,
  type NotificationSettingsResponse,
  type TelegramDeeplinkResponse,
} from '@pasar/shared';
import { disableSystemNotifications, enableSystemNotifications, systemNotificationState, type SystemNotificationState } from '@pasar/shared/system-notifications';
import { useState } from 'react';
import { AccountPage, errorText, LoadState } from '../components/AccountPage';
import { useAccountT } from '../i18n';

const Scroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: ${tokens.space.sm};
    border-bottom: 1px solid ${tokens.colors.border};
    text-align: center;
  }
  th:first-of-type,
  td:first-of-type {
    text-align: left;
  }
  thead th {
    font-size: ${tokens.fontSizes.sm};
    color: ${tokens.colors.textMuted};
    font-weight: ${tokens.fontWeights.medium};
  }
  input {
    width: 20px;
    height: 20px;
    accent-color: ${tokens.colors.primary};
  }
`;

const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
`;

type Channel = (typeof NOTIFICATION_CHANNELS)[number];

const isLocked = (type: string, channel: Channel) => type === ALWAYS_ON_NOTIFICATION.type && channel === ALWAYS_ON_NOTIFICATION.channel;

function BrowserNotifications() {
  const { t } = useAccountT();
  const [state, setState] = useState<SystemNotificationState>(systemNotificationState);
  const [asking, setAsking] = useState(false);
  return (
    <Card title={t('notificationSettings.browserTitle')} data-testid="browser-notifications">
      <Stack gap="sm">
        <Muted>{t('notificationSettings.browserBody')}</Muted>
        <Stack direction="row" gap="md" align="center" justify="space-between" wrap>
          <span role="status">
            <Badge $tone={state === 'on' ? 'success' : state === 'denied' ? 'danger' : 'neutral'}>{t(`notificationSettings.browserState.${state}`)}</Badge>
          </span>
          {(state === 'ask' || state === 'off') && (
            <Button
              variant="secondary"
              loading={asking}
              onClick={() => {
                setAsking(true);
                void enableSystemNotifications()
                  .then(setState)
                  .finally(() => setAsking(false));
              }}
            >
              {t('notificationSettings.browserEnable')}
            </Button>
          )}
          {state === 'on' && (
            <Button variant="ghost" onClick={() => setState(disableSystemNotifications())}>
              {t('notificationSettings.browserDisable')}
            </Button>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

export function NotificationSettingsPage() {
  const { t } = useAccountT();
  const settings = useApiData(() => api.get<NotificationSettingsResponse>(ACCOUNT_PATHS.notificationSettings, { language: true }));
  const [saving, setSaving] = useState<string | null>(null);
  const [linking, setLinking] = useState(false);

  const toggle = async (item: NotificationSetting, channel: Channel) => {
    if (!settings.data || isLocked(item.type, channel)) return;
    const next = { ...item, [channel]: !item[channel] };
    const previous = settings.data;
    settings.setData({ ...previous, items: previous.items.map((i) => (i.type === item.type ? next : i)) });
    setSaving(`${item.type}.${channel}`);
    try {
      const saved = await api.put<NotificationSettingsResponse>(ACCOUNT_PATHS.notificationSettings, { items: [next] }, { language: true });
      settings.setData(saved);
    } catch (failure) {
      settings.setData(previous);
      showToast({ kind: 'error', title: errorText(failure) });
    } finally {
      setSaving(null);
    }
  };

  const connectTelegram = async () => {
    setLinking(true);
    // Opened before the call so a popup blocker sees the click; pointed at the bot when it answers.
    // Not with the 'noopener' feature: window.open then returns null, which left a blank tab and
    // sent this page to Telegram instead. The opener link is cut by hand.
    const opened = typeof window.open === 'function' ? window.open('', '_blank') : null;
    if (opened) opened.opener = null;
    try {
      const link = await api.post<TelegramDeeplinkResponse>(ACCOUNT_PATHS.telegramDeeplink, undefined, { language: true });
      if (opened) opened.location.href = link.url;
      else window.location.assign(link.url);
      showToast({ kind: 'info', title: t('notificationSettings.telegramOpened') });
    } catch (failure) {
      opened?.close();
      showToast({ kind: 'error', title: errorText(failure) });
    } finally {
      setLinking(false);
    }
  };

  return (
    <AccountPage section="notificationSettings">
      <LoadState loading={settings.loading && !settings.data} error={settings.error} onRetry={() => void settings.reload()} />
      {settings.data && (
        <>
          <Card title={t('notificationSettings.telegramTitle')}>
            <Stack direction="row" gap="md" align="center" justify="space-between" wrap>
              <Muted>
                {settings.data.telegramConnected ? (
                  <Badge $tone="success">{t('notificationSettings.telegramConnected')}</Badge>
                ) : (
                  t('notificationSettings.telegramBody')
                )}
              </Muted>
              {!settings.data.telegramConnected && (
                <Button variant="secondary" loading={linking} onClick={() => void connectTelegram()}>
                  {t('notificationSettings.telegramConnect')}
                </Button>
              )}
            </Stack>
          </Card>
          <Card title={t('notificationSettings.gridTitle')}>
            <Scroll>
              <Table>
                <caption style={{ textAlign: 'left', paddingBottom: 8 }}>
                  <Muted>{t('notificationSettings.gridCaption')}</Muted>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('notificationSettings.type')}</th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <th key={channel} scope="col">
                        {t(`notificationSettings.channel.${channel}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {settings.data.items.map((item) => (
                    <tr key={item.type}>
                      <th scope="row" style={{ fontWeight: 'normal' }}>
                        {t(`notificationSettings.types.${item.type}`)}
                      </th>
                      {NOTIFICATION_CHANNELS.map((channel) => (
                        <td key={channel}>
                          <input
                            type="checkbox"
                            role="switch"
                            checked={item[channel]}
                            disabled={isLocked(item.type, channel) || saving === `${item.type}.${channel}`}
                            aria-label={t('notificationSettings.toggle', {
                              type: t(`notificationSettings.types.${item.type}`),
                              channel: t(`notificationSettings.channel.${channel}`),
                            })}
                            onChange={() => void toggle(item, channel)}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </Scroll>
          </Card>
        </>
      )}
      <BrowserNotifications />
    </AccountPage>
  );
}
