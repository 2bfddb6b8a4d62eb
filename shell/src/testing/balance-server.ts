// A page API for the balance tests: the balance calls answer what the test sets (or hang until
// released), every other call 404s; each balance call is recorded by path.
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { ACCOUNT_PATHS, FX_WALLET_PATHS, WALLET_PATHS } from '@pasar/shared';

export type BalanceAnswer = { data: unknown } | { status: number } | 'hang';

export interface BalanceServer {
  adapter: AxiosAdapter;
  /** Paths of the balance calls received, oldest first. */
  calls: string[];
  answers: Record<string, BalanceAnswer>;
  /** Answers every hanging call with what `answers` says now. */
  releaseAll(): void;
}

export const BALANCE_CALL_PATHS = [
  WALLET_PATHS.accounts,
  FX_WALLET_PATHS.stockBalance,
  FX_WALLET_PATHS.perpBalance,
  ACCOUNT_PATHS.userStatus,
] as const;

export const defaultBalanceAnswers = (): Record<string, BalanceAnswer> => ({
  [WALLET_PATHS.accounts]: {
    data: { cashAccount: { cashBalance: '150000', voucherBalance: '25000', freeBalance: '5000', cashOnHold: '0' } },
  },
  [FX_WALLET_PATHS.stockBalance]: {
    data: {
      paln: { usdCash: '10', usdMargin: '0', idrCash: '162000', buyingPower: '10', usdIdrPrice: '16200' },
      leverage: { usdCash: '0', usdMargin: '0', idrCash: '0', buyingPower: '0', usdIdrPrice: '16200' },
      intraday: { usdCash: '0', usdMargin: '0', idrCash: '0', buyingPower: '0', usdIdrPrice: '16200' },
    },
  },
  [FX_WALLET_PATHS.perpBalance]: { data: { buyingPower: '25.5', marginRatioPercentage: '0' } },
});

const respond = (config: InternalAxiosRequestConfig, status: number, body: unknown): AxiosResponse => ({
  status,
  statusText: String(status),
  headers: {},
  config,
  data: body,
});

export function createBalanceServer(answers: Record<string, BalanceAnswer> = defaultBalanceAnswers()): BalanceServer {
  const calls: string[] = [];
  const hanging: Array<() => void> = [];
  const server: BalanceServer = {
    calls,
    answers,
    releaseAll() {
      hanging.splice(0).forEach((release) => release());
    },
    adapter: async (config) => {
      const path = config.url ?? '';
      if (!(BALANCE_CALL_PATHS as readonly string[]).includes(path)) {
        return respond(config, 404, { status: 'error', error_code: '003', error_message: 'Not found' });
      }
      calls.push(path);
      const answer = (): AxiosResponse => {
        const current = server.answers[path] ?? { status: 404 };
        if (current === 'hang') return respond(config, 500, { status: 'error', error_code: '001', error_message: 'released while hanging' });
        if ('data' in current) return respond(config, 200, { status: 'success', data: current.data });
        return respond(config, current.status, { status: 'error', error_code: '001', error_message: 'down' });
      };
      if (server.answers[path] === 'hang') return new Promise((resolve) => hanging.push(() => resolve(answer())));
      return answer();
    },
  };
  return server;
}
