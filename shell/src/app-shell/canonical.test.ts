import { canonicalUrl, upsertHeadLink } from './canonical';

describe('canonical link', () => {
  it('has no prefix for Indonesian', () => {
    expect(canonicalUrl('https://pasar.example', 'id', '/portfolio')).toBe('https://pasar.example/portfolio');
    expect(canonicalUrl('https://pasar.example/', 'id', '/')).toBe('https://pasar.example/');
  });

  it('has the /en prefix for English', () => {
    expect(canonicalUrl('https://pasar.example', 'en', '/trade/USDT-IDR')).toBe('https://pasar.example/en/trade/USDT-IDR');
    expect(canonicalUrl('https://pasar.example', 'en', '/')).toBe('https://pasar.example/en');
  });

  it('updates one link element rather than adding another', () => {
    upsertHeadLink('canonical', 'https://pasar.example/a');
    upsertHeadLink('canonical', 'https://pasar.example/b');
    const links = document.head.querySelectorAll('link[rel="canonical"]');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toBe('https://pasar.example/b');
  });
});
