// The halt registry's in-memory copy and its listeners: each change heard once, even when a
// background refresh reads the table between this instance's own write and its own update.
import { HaltRegistry, type HaltRow, type HaltsRepo } from './halts';

function tableRepo() {
  const open = new Map<string, HaltRow>();
  let duringWrite: (() => Promise<void>) | undefined;
  const repo: HaltsRepo = {
    openHalts: async () => [...open.values()],
    async halt(symbol, title, description, at) {
      const row = { symbol, title, description, haltedAt: at ?? new Date(0) };
      open.set(symbol, row);
      // The write has committed; another connection's read can see it before this call returns.
      await duringWrite?.();
      return row;
    },
    async resume(symbol) {
      const had = open.delete(symbol);
      await duringWrite?.();
      return had;
    },
  };
  return { repo, open, readWhileWriting: (read: () => Promise<void>) => (duringWrite = read) };
}

describe('the halt registry', () => {
  it('tells each halt and resume once, when a refresh reads the table between the write and the update', async () => {
    const table = tableRepo();
    const registry = new HaltRegistry(table.repo, 1000);
    const heard: string[] = [];
    registry.onChange((c) => heard.push(`${c.symbol}:${c.halted}`));
    table.readWhileWriting(() => registry.refresh());

    await registry.halt('ETH-IDR', 'Volatilitas', 'Dihentikan');
    await registry.resume('ETH-IDR');
    expect(heard).toEqual(['ETH-IDR:true', 'ETH-IDR:false']);
  });

  it('tells a new reason, and halts and resumes another instance made once a refresh finds them', async () => {
    const table = tableRepo();
    const registry = new HaltRegistry(table.repo, 1000);
    const heard: string[] = [];
    registry.onChange((c) => heard.push(`${c.symbol}:${c.halted}:${c.halt?.title ?? ''}`));
    await registry.halt('AAPL', 'First', 'a');
    await registry.halt('AAPL', 'First', 'a');
    await registry.halt('AAPL', 'Second', 'b');
    // Another instance halts BBCA and resumes AAPL: this one hears it on its next refresh, once.
    table.open.set('BBCA', { symbol: 'BBCA', title: 'Other', description: 'c', haltedAt: new Date(0) });
    table.open.delete('AAPL');
    await registry.refresh();
    await registry.refresh();
    expect(heard).toEqual(['AAPL:true:First', 'AAPL:true:Second', 'AAPL:false:', 'BBCA:true:Other']);
    expect(registry.list().map((h) => h.symbol)).toEqual(['BBCA']);
  });
});
