/** @jest-environment node */
import { checkCompatibility } from './compatibility-check';
import type { FederationManifest } from './remote-manifest';

const shell: FederationManifest = {
  shared: [
    { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
    { name: 'zustand', version: '5.1.0', requiredVersion: '^5.1.0', singleton: true },
  ],
};

describe('compatibility check', () => {
  it('accepts a remote whose singleton ranges the shell satisfies', () => {
    const remote: FederationManifest = { shared: [{ name: 'react', version: '19.0.0', requiredVersion: '^19.0.0', singleton: true }] };
    expect(checkCompatibility(shell, remote)).toEqual({ problems: [], notProvided: [] });
  });

  it('names the module, the required range and the provided version when unsatisfied', () => {
    const remote: FederationManifest = {
      shared: [
        { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: true },
        { name: 'zustand', version: '5.2.0', requiredVersion: '^5.2.0', singleton: true },
      ],
    };
    expect(checkCompatibility(shell, remote).problems).toEqual([
      { module: 'react', required: '^20.0.0', provided: '19.3.1' },
      { module: 'zustand', required: '^5.2.0', provided: '5.1.0' },
    ]);
  });

  it('ignores non-singletons and "any version" requirements', () => {
    const remote: FederationManifest = {
      shared: [
        { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0', singleton: false },
        { name: 'zustand', version: '9.0.0', requiredVersion: false, singleton: true },
      ],
    };
    expect(checkCompatibility(shell, remote).problems).toEqual([]);
  });

  it('reports singletons the shell does not share as warnings, not refusals', () => {
    const remote: FederationManifest = { shared: [{ name: 'dayjs', version: '1.11.23', requiredVersion: '^1.11.23', singleton: true }] };
    expect(checkCompatibility(shell, remote)).toEqual({ problems: [], notProvided: ['dayjs'] });
  });
});
