// The benchmark's clients, in their own process so their cost does not eat the server's core.
// Driven by the parent over IPC: {connect: {url, count, subscribe}} -> {connected};
// {start} -> counting; {stop} -> {result: {received, p50, p90, p99, max}}.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const clock = () => performance.timeOrigin + performance.now();
let sockets = [];
let counting = false;
let received = 0;
let delays = [];

function onMessage(data) {
  if (!counting) return;
  const text = data.toString();
  // The publish time is the last field of data: ..."sentAt":<ms>}}
  const at = text.lastIndexOf('"sentAt":');
  if (at < 0) return;
  const sentAt = Number.parseFloat(text.slice(at + 9, text.indexOf('}', at)));
  received++;
  delays.push(clock() - sentAt);
}

async function connect({ url, count, subscribe }) {
  const open = (i) =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.on('open', () => {
        if (subscribe) ws.send(JSON.stringify(subscribe));
        resolve(ws);
      });
      ws.on('error', reject);
      ws.on('message', onMessage);
      void i;
    });
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, j) => open(i + j)));
    sockets.push(...batch);
  }
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

process.on('message', async (message) => {
  if (message.connect) {
    await connect(message.connect);
    process.send({ connected: sockets.length });
  } else if (message.start) {
    received = 0;
    delays = [];
    counting = true;
  } else if (message.stop) {
    counting = false;
    const sorted = Float64Array.from(delays).sort();
    process.send({
      result: {
        received,
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p99: percentile(sorted, 99),
        max: sorted.length ? sorted[sorted.length - 1] : NaN,
      },
    });
  } else if (message.close) {
    for (const ws of sockets) ws.terminate();
    sockets = [];
    process.exit(0);
  }
});
