// English strings of the `trade` namespace.
import type { TradeMessages } from './id';

export const en: TradeMessages = {
  nav: { trade: 'Trade' },
  markets: {
    label: 'Market',
    crypto: 'Crypto',
    perps: 'Crypto futures',
    usstock: 'US stocks',
    usindex: 'US indices',
    idss: 'Indonesian stocks',
  },
  home: {
    title: 'Trade',
    description: 'Pick a market and a symbol, follow its chart, then place a buy or sell order.',
    summary: 'Selected symbol',
    symbol: 'Symbol',
    market: 'Market',
  },
  chart: {
    title: '{{symbol}} chart',
    soon: 'The {{symbol}} price chart arrives here soon.',
  },
  views: {
    label: 'Trading views',
    watchlist: 'Watchlist',
    priceAlert: 'Price alerts',
    news: 'News',
    orderBook: 'Order book',
    orderWindow: 'Order window',
    fullScreen: 'Full screen',
    closePanel: 'Close panel',
    noPanel: 'No panel is open. Choose one of the views above.',
  },
  panels: {
    watchlist: 'The symbols you follow arrive here soon.',
    priceAlert: 'Price alerts for {{symbol}} arrive here soon.',
    news: 'News about {{symbol}} arrives here soon.',
    orderBook: 'The {{symbol}} order book arrives here soon.',
    orderWindow: 'The buy and sell order form for {{symbol}} arrives here soon.',
  },
  explore: {
    title: 'Explore USDT-IDR',
    description: 'Follow how USDT moves against the rupiah, no login needed.',
    emptyTitle: 'Market data arrives soon',
    emptyBody: 'The USDT-IDR price and chart will show here.',
    trade: 'Open the USDT-IDR trade page',
  },
  asset: {
    cryptoTitle: 'Crypto asset {{symbol}}',
    usstockTitle: 'US stock {{symbol}}',
    usindexTitle: 'US index {{symbol}}',
    description: 'One asset’s profile, price and news in one place.',
    assetId: 'Asset ID',
    emptyTitle: 'Asset details arrive soon',
    emptyBody: 'The profile, price and news of {{symbol}} will show here.',
    trade: 'Go to the trade page',
  },
};
