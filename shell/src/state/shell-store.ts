// State only the shell owns: the query flags of the first page load and the properties of the
// page on screen (§2). Guest mode is mirrored into the shared store, which the API client reads.
import { create } from 'zustand';
import { NO_QUERY_FLAGS, type QueryFlags } from '../app-shell/query-flags';

/** Page properties (§2): a guest-mode page, a signup page, a page that needs a login. */
export interface PageFlags {
  guest: boolean;
  signup: boolean;
  auth: boolean;
}

export const NO_PAGE_FLAGS: PageFlags = { guest: false, signup: false, auth: false };

/** An open PIN (040) or accept-terms (041) prompt. */
export interface PromptRequest {
  code: string;
  /** Answers the API call waiting on the prompt: true to send it again, false to let it fail. */
  resolve?: (done: boolean) => void;
}

export interface ShellState {
  queryFlags: QueryFlags;
  page: PageFlags;
  /** False until a page has declared its flags (a remote's page may still be loading). */
  pageDeclared: boolean;
  prompt: PromptRequest | null;
  setQueryFlags(flags: QueryFlags): void;
  setPage(flags: Partial<PageFlags>): void;
  openPrompt(prompt: PromptRequest): void;
  closePrompt(): void;
}

export const useShellStore = create<ShellState>()((set) => ({
  queryFlags: NO_QUERY_FLAGS,
  page: NO_PAGE_FLAGS,
  pageDeclared: false,
  prompt: null,
  setQueryFlags: (queryFlags) => set({ queryFlags }),
  setPage: (flags) => set({ page: { ...NO_PAGE_FLAGS, ...flags }, pageDeclared: true }),
  openPrompt: (prompt) => set({ prompt }),
  closePrompt: () => set({ prompt: null }),
}));

export const resetShellStore = (): void =>
  useShellStore.setState({ queryFlags: NO_QUERY_FLAGS, page: NO_PAGE_FLAGS, pageDeclared: false, prompt: null });
