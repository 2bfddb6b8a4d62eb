import { z } from 'zod';
import { RemoteRegistry } from './index';

describe('contract zod configuration', () => {
  it('parses without compiling code, so no page trips the CSP that forbids eval', () => {
    const FunctionSpy = jest.spyOn(globalThis, 'Function');
    const registry = { remotes: { mf_trade: { version: '1', entry: '/x.json' } }, updatedAt: 'now' };
    for (let i = 0; i < 5; i += 1) expect(RemoteRegistry.parse(registry).remotes.mf_trade.version).toBe('1');
    expect(z.config().jitless).toBe(true);
    expect(FunctionSpy).not.toHaveBeenCalled();
    FunctionSpy.mockRestore();
  });
});
