import { createRoot } from 'react-dom/client';
import { registerRemotes, loadRemote } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RemoteRegistry } from '@pasar/shared';

async function main() {
  const registry = (await (await fetch('/remotes.json', { cache: 'no-store' })).json()) as RemoteRegistry;
  registerRemotes(
    Object.entries(registry.remotes).map(([name, e]) => ({ name, entry: e.entry })),
    { force: true },
  );
  const mod = await loadRemote<{ default: RemoteModule }>('mf_trade/Module');
  const C = mod!.default.routes[0].Component;
  createRoot(document.getElementById('root')!).render(<C />);
}
main();
