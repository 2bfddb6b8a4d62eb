import { defineRemoteModule } from '@pasar/shared';

function TradeHome() {
  return <h1>Trade home</h1>;
}

export default defineRemoteModule({
  id: 'mf_trade',
  namespace: 'trade',
  routes: [{ path: '/trade', Component: TradeHome, guest: true }],
  nav: [],
  i18n: { id: {}, en: {} },
});
