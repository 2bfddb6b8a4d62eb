import { screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { api } from '../api/default-api';
import { useT } from '../i18n/use-t';
import { useLocation, useParams } from '../platform/router';
import { initialTradingState, useAppStore } from '../store/app-store';
import { showToast } from '../ui/Toast';
import { Button } from '../ui/Button';
import { createTestApiClient, renderWithShell } from '.';

const Greeting = () => {
  const { t } = useT('common');
  return <p>{t('auth.logout')}</p>;
};

describe('renderWithShell', () => {
  it('renders in Indonesian by default and in English when asked', () => {
    const { unmount } = renderWithShell(<Greeting />);
    expect(screen.getByText('Keluar')).toBeInTheDocument();
    unmount();

    renderWithShell(<Greeting />, { language: 'en' });
    expect(screen.getByText('Log out')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('translates the shared primitives too', () => {
    renderWithShell(<Button loading>x</Button>, { language: 'en' });
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('applies the theme to the document', () => {
    renderWithShell(<p>dark</p>, { theme: 'dark' });
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(document.documentElement.style.getPropertyValue('--pasar-color-background')).not.toBe('');
  });

  it('starts the router at the route and fills route params', () => {
    const Asset = () => {
      const { symbol } = useParams();
      const location = useLocation();
      return (
        <p>
          {symbol} at {location.pathname}
        </p>
      );
    };
    renderWithShell(<Asset />, { route: '/asset/crypto/BTC/42', path: '/asset/crypto/:symbol/:assetId' });
    expect(screen.getByText('BTC at /asset/crypto/BTC/42')).toBeInTheDocument();
  });

  it('seeds the store with the session and extra state, fresh for each render', () => {
    const Session = () => {
      const token = useAppStore((s) => s.auth.accessToken);
      const symbol = useAppStore((s) => s.trading.activeSymbol);
      return <p>{`${token ?? 'guest'} ${symbol ?? '-'}`}</p>;
    };
    const { unmount, store } = renderWithShell(<Session />, {
      auth: { accessToken: 'token-longer-than-12', userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' } },
      state: { trading: { ...initialTradingState(), activeSymbol: 'BTC-IDR' } },
    });
    expect(screen.getByText('token-longer-than-12 BTC-IDR')).toBeInTheDocument();
    expect(store.getState().auth.userDetails?.id).toBe('u1');
    unmount();

    renderWithShell(<Session />);
    expect(screen.getByText('guest -')).toBeInTheDocument();
  });

  it('shows toasts emitted on the shared bus', async () => {
    const { user } = renderWithShell(
      <Button onClick={() => showToast({ kind: 'success', title: 'Order terkirim' })}>Kirim</Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    expect(screen.getByRole('status')).toHaveTextContent('Order terkirim');
  });

  it("routes the page's api through the fake, with the session's bearer token", async () => {
    const fake = createTestApiClient().reply('GET', '/api/user/:id', { name: 'Sari' });
    const Profile = () => {
      const [name, setName] = useState('');
      useEffect(() => {
        void api.get<{ name: string }>('/api/user/7').then((user) => setName(user.name));
      }, []);
      return <p>{name || '…'}</p>;
    };
    renderWithShell(<Profile />, {
      api: fake,
      auth: { accessToken: 'token-longer-than-12', userDetails: { id: 'u1', gssKycStatus: 'VERIFIED' } },
    });
    expect(await screen.findByText('Sari')).toBeInTheDocument();
    const [call] = fake.callsTo('GET', '/api/user/:id');
    expect(call.params).toEqual({ id: '7' });
    expect(call.headers.authorization).toBe('Bearer token-longer-than-12');
  });

  it('gives user-event and the fake api in its result', async () => {
    const { user, api: fake } = renderWithShell(
      <Button onClick={() => void api.post('/api/feedback', { text: 'bagus' })}>Kirim</Button>,
    );
    fake.reply('POST', '/api/feedback', { ok: true });
    await user.click(screen.getByRole('button', { name: 'Kirim' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0].body).toEqual({ text: 'bagus' });
  });

  it("puts the page's api back when the test's tree unmounts", () => {
    const before = api.axios.defaults.adapter;
    const { unmount, api: fake } = renderWithShell(<p>x</p>);
    expect(api.axios.defaults.adapter).toBe(fake.adapter);
    unmount();
    expect(api.axios.defaults.adapter).toBe(before);
  });
});
