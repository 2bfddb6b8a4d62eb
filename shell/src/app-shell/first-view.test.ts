import { mountBesideFirstView } from './first-view';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function page(withFirstView: boolean): HTMLElement {
  document.head.innerHTML = withFirstView ? '<style data-first-view>.fv{}</style>' : '';
  document.body.innerHTML = withFirstView
    ? '<div id="root"><div class="fv" data-first-view data-ready-when="[data-testid=&quot;last-price&quot;], [data-testid=&quot;remote-unavailable&quot;]"><h1>Jelajahi USDT-IDR</h1></div></div>'
    : '<div id="root"></div>';
  return document.getElementById('root') as HTMLElement;
}

describe('the server’s first view', () => {
  afterEach(() => jest.useRealTimers());

  it('is not there: the app renders into the root itself', () => {
    const root = page(false);
    expect(mountBesideFirstView(root)).toBe(root);
  });

  it('stays while the app renders hidden beside it, and gives way once the app shows the price', async () => {
    const root = page(true);
    const mount = mountBesideFirstView(root);
    expect(mount).not.toBe(root);
    expect(mount.hidden).toBe(true);
    mount.innerHTML = '<header>Pasar</header><div data-testid="remote-loading"></div>';
    await flush();
    expect(root.querySelector('[data-first-view]')).not.toBeNull();
    expect(mount.hidden).toBe(true);

    mount.innerHTML = '<header>Pasar</header><h1>Jelajahi USDT-IDR</h1><strong data-testid="last-price">Rp16.413</strong>';
    await flush();
    expect(root.querySelector('[data-first-view]')).toBeNull();
    expect(document.querySelector('style[data-first-view]')).toBeNull();
    expect(mount.hidden).toBe(false);
    expect(root.querySelectorAll('h1')).toHaveLength(1);
  });

  it('gives way to the remote’s error panel, so a failed remote is not hidden', async () => {
    const root = page(true);
    const mount = mountBesideFirstView(root);
    mount.innerHTML = '<div role="alert" data-testid="remote-unavailable">Retry</div>';
    await flush();
    expect(mount.hidden).toBe(false);
    expect(root.querySelector('[data-first-view]')).toBeNull();
  });

  it('gives way after its limit whatever the app shows', () => {
    jest.useFakeTimers();
    const root = page(true);
    const mount = mountBesideFirstView(root, 5_000);
    jest.advanceTimersByTime(4_999);
    expect(mount.hidden).toBe(true);
    jest.advanceTimersByTime(1);
    expect(mount.hidden).toBe(false);
    expect(root.querySelector('[data-first-view]')).toBeNull();
  });
});
