// Production's message provider: POST JSON {to, channel, subject, body} to the configured URL
// with the key as a bearer token. A failure is a 503 to the caller (the code was not sent).
import { AppError } from '../http/app-error';
import type { MessageProvider, OutgoingMessage } from './provider';

export interface HttpProviderOptions {
  readonly url: string;
  readonly key: string;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export function createHttpProvider({ url, key, timeoutMs = 10_000, fetch: fetchImpl = fetch }: HttpProviderOptions): MessageProvider {
  return {
    kind: 'http',
    async send(message: OutgoingMessage) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify({ to: message.to, channel: message.channel, subject: message.subject, body: message.body }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (cause) {
        throw new AppError('001', { httpStatus: 503, cause });
      }
      if (!response.ok) {
        throw new AppError('001', { httpStatus: 503, cause: new Error(`message provider answered ${response.status}`) });
      }
    },
  };
}
