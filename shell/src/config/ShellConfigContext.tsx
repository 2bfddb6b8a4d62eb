import { createContext, useContext, type ReactNode } from 'react';
import { readShellConfig, type ShellConfig } from './shell-config';

const ShellConfigContext = createContext<ShellConfig | null>(null);

export function ShellConfigProvider({ config, children }: { config: ShellConfig; children: ReactNode }) {
  return <ShellConfigContext.Provider value={config}>{children}</ShellConfigContext.Provider>;
}

/** The shell's settings; read from the document when no provider gives them. */
export function useShellConfig(): ShellConfig {
  return useContext(ShellConfigContext) ?? readShellConfig();
}
