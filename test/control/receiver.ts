/** A real HTTP webhook receiver on 127.0.0.1, for tests: records every request and answers as told. */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Status for each next request, in order; 200 once the list is used up. */
  answers: number[];
  /** Decides the status from the request body before `answers` is consulted; undefined leaves it to `answers`. */
  answer?: (body: string) => number | undefined;
  /** While set, requests wait for it before they are answered. */
  hold?: Promise<void>;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [] as Received[], answers: [] as number[] } as Receiver;
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      receiver.received.push({ headers: req.headers, body });
      for (const wake of waiters.splice(0)) wake();
      if (receiver.hold) await receiver.hold;
      res.writeHead(receiver.answer?.(body) ?? receiver.answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  receiver.waitFor = async (count, timeoutMs = 5000) => {
    const deadline = performance.now() + timeoutMs;
    while (receiver.received.length < count) {
      if (performance.now() > deadline) throw new Error(`expected ${count} webhook requests, got ${receiver.received.length}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return receiver.received.slice(0, count);
  };
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}
