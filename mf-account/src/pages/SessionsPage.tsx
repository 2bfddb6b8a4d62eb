// The device sessions (§7): ACTIVE or INACTIVE, 10 a page, this device marked; ending another
// one takes effect on that device's next request; a blocked device can be let in again.
import styled from '@emotion/styled';
import {
  api,
  Badge,
  Button,
  Card,
  ConfirmDialog,
  DEVICE_PAGE_SIZE,
  deviceLogoutPath,
  deviceUnblockPath,
  EmptyState,
  formatDateTime,
  IDENTITY_PATHS,
  showToast,
  Stack,
  tokens,
  useApiData,
  type DeviceList,
  type DeviceSession,
} from '@pasar/shared';
import { useState } from 'react';
import { AccountPage, errorText, LoadState } from '../components/AccountPage';
import { useAccountT } from '../i18n';

const Tabs = styled.div`
  display: flex;
  gap: ${tokens.space.xs};
  margin-bottom: ${tokens.space.md};
`;

const Tab = styled.button<{ $active: boolean }>`
  min-height: 36px;
  padding: 0 ${tokens.space.md};
  border: 1px solid ${({ $active }) => ($active ? tokens.colors.primary : tokens.colors.border)};
  border-radius: ${tokens.radii.pill};
  background: ${({ $active }) => ($active ? tokens.colors.surfaceSunken : 'transparent')};
  color: ${tokens.colors.text};
  font: inherit;
  cursor: pointer;
`;

const List = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${tokens.space.sm};
  padding: ${tokens.space.md};
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radii.md};
`;

const Title = styled.p`
  margin: 0;
  font-weight: ${tokens.fontWeights.semibold};
`;

const Muted = styled.p`
  margin: 0;
  color: ${tokens.colors.textMuted};
  font-size: ${tokens.fontSizes.sm};
  overflow-wrap: anywhere;
`;

type Status = 'ACTIVE' | 'INACTIVE';

export function SessionsView({ section, back }: { section: string; back?: { path: string; label: string } }) {
  const { t, i18n } = useAccountT();
  const [status, setStatus] = useState<Status>('ACTIVE');
  const [page, setPage] = useState(0);
  const [ending, setEnding] = useState<DeviceSession | null>(null);
  const devices = useApiData(
    () => api.get<DeviceList>(IDENTITY_PATHS.devices, { params: { status, page, size: DEVICE_PAGE_SIZE }, language: true }),
    [status, page],
  );
  const lang = i18n.language === 'en' ? 'en' : 'id';

  const endSession = async (block: boolean) => {
    if (!ending) return;
    try {
      await api.post(deviceLogoutPath(ending.id), { block }, { language: true });
      showToast({ kind: 'success', title: t('sessions.ended') });
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
    }
    setEnding(null);
    await devices.reload();
  };

  const unblock = async (device: DeviceSession) => {
    try {
      await api.post(deviceUnblockPath(device.id), undefined, { language: true });
      showToast({ kind: 'success', title: t('sessions.unblocked') });
      await devices.reload();
    } catch (failure) {
      showToast({ kind: 'error', title: errorText(failure) });
    }
  };

  const total = devices.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEVICE_PAGE_SIZE));

  return (
    <AccountPage section={section} back={back}>
      <Card title={t('sessions.listTitle')}>
        <Tabs role="group" aria-label={t('sessions.filter')}>
          {(['ACTIVE', 'INACTIVE'] as const).map((value) => (
            <Tab
              key={value}
              type="button"
              $active={status === value}
              aria-pressed={status === value}
              onClick={() => {
                setStatus(value);
                setPage(0);
              }}
            >
              {t(`sessions.status.${value}`)}
            </Tab>
          ))}
        </Tabs>
        <LoadState loading={devices.loading && !devices.data} error={devices.error} onRetry={() => void devices.reload()} />
        {devices.data && devices.data.items.length === 0 && <EmptyState compact title={t('sessions.empty')} />}
        {devices.data && devices.data.items.length > 0 && (
          <List aria-busy={devices.loading}>
            {devices.data.items.map((device) => (
              <Item key={device.id} data-testid="device-session">
                <div>
                  <Title>
                    {t(`sessions.type.${device.deviceType}`)} · {device.os || t('sessions.unknownOs')}{' '}
                    {device.current && <Badge $tone="success">{t('sessions.thisDevice')}</Badge>}{' '}
                    {device.blocked && <Badge $tone="danger">{t('sessions.blocked')}</Badge>}
                  </Title>
                  <Muted>{device.userAgent}</Muted>
                  <Muted>
                    {t('sessions.lastSeen', { time: formatDateTime(device.lastSeenAt, lang) })} ·{' '}
                    {t('sessions.firstSeen', { time: formatDateTime(device.firstSeenAt, lang) })}
                  </Muted>
                </div>
                <Stack direction="row" gap="sm" align="center" wrap>
                  {device.status === 'ACTIVE' && !device.current && (
                    <Button size="sm" variant="secondary" onClick={() => setEnding(device)}>
                      {t('sessions.end')}
                    </Button>
                  )}
                  {device.blocked && (
                    <Button size="sm" variant="ghost" onClick={() => void unblock(device)}>
                      {t('sessions.unblock')}
                    </Button>
                  )}
                </Stack>
              </Item>
            ))}
          </List>
        )}
        {pages > 1 && (
          <Stack direction="row" gap="sm" align="center" justify="space-between" style={{ marginTop: tokens.space.md }}>
            <Button size="sm" variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('common.previous')}
            </Button>
            <Muted>{t('common.pageOf', { page: page + 1, pages })}</Muted>
            <Button size="sm" variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              {t('common.next')}
            </Button>
          </Stack>
        )}
      </Card>
      <ConfirmDialog
        open={ending !== null}
        title={t('sessions.endTitle')}
        description={t('sessions.endBody')}
        tone="danger"
        confirmLabel={t('sessions.end')}
        onConfirm={() => endSession(false)}
        onCancel={() => setEnding(null)}
      />
    </AccountPage>
  );
}

export function ManageSessionPage() {
  return <SessionsView section="manageSession" />;
}

export function PrivacySessionsPage() {
  const { t } = useAccountT();
  return <SessionsView section="privacySessions" back={{ path: '/account/privacy', label: t('privacySessions.back') }} />;
}
