// A WebSocket test client that records every message and waits for the ones a test expects.
import WebSocket from 'ws';

export interface Received {
  readonly at: number;
  readonly message: Record<string, unknown> & { type: string };
}

export interface TestClient {
  readonly socket: WebSocket;
  readonly received: Received[];
  send(message: unknown): void;
  /** The first message (received from index `from` on) that matches, within `timeoutMs`. */
  next(match: (m: Received['message']) => boolean, timeoutMs?: number, from?: number): Promise<Received['message']>;
  close(): Promise<void>;
}

export async function connectClient(url: string, options: WebSocket.ClientOptions = {}): Promise<TestClient> {
  const socket = new WebSocket(url, options);
  const received: Received[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    received.push({ at: Date.now(), message: JSON.parse(data.toString()) as Received['message'] });
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    received,
    send: (message) => socket.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(match, timeoutMs = 3000, from = 0) {
      return new Promise((resolve, reject) => {
        let index = from;
        const check = () => {
          for (; index < received.length; index++) {
            const entry = received[index]!;
            if (match(entry.message)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(entry.message);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(received.map((r) => r.message).slice(-5))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve();
        socket.once('close', () => resolve());
        socket.close();
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
