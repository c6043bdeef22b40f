/**
 * Slow and idle connections: the server's own timeouts, on a real socket and the real clock (Node's HTTP server
 * counts them, not the sandbox clock). Left out of mutation runs: they exercise the server's timeouts, which no
 * mutant touches, and each waits 0.3-0.8 s for one.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/index.js';

const sandboxes: Sandbox[] = [];
afterEach(async () => {
  for (const s of sandboxes.splice(0)) await s.close();
});

interface RawConnection {
  socket: Socket;
  received(): string;
  /** Resolves with the ms the connection was open, once the server closed it. */
  closed: Promise<number>;
}

/** A raw connection, to act as a slow or idle client. */
function open(port: number): Promise<RawConnection> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    const opened = performance.now();
    socket.setEncoding('utf8');
    socket.on('data', (d) => (data += d));
    socket.on('error', () => {});
    const closed = new Promise<number>((r) => socket.on('close', () => r(performance.now() - opened)));
    socket.on('connect', () => resolve({ socket, received: () => data, closed }));
  });
}

describe('slow and idle connections', () => {
  const timeouts = { headersMs: 400, requestMs: 800, idleMs: 300 };

  it('closes a connection whose headers never finish', async () => {
    const sandbox = await createSandbox({ timeouts });
    sandboxes.push(sandbox);
    const connection = await open(sandbox.port);
    const socket = connection.socket;
    socket.write('GET /2025-10-13/customers HTTP/1.1\r\nHost: x\r\nX-Slow: ');
    const ms = await connection.closed;
    expect(ms).toBeGreaterThanOrEqual(300);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never finishes', async () => {
    const sandbox = await createSandbox({ timeouts });
    sandboxes.push(sandbox);
    const connection = await open(sandbox.port);
    const socket = connection.socket;
    socket.write(`POST /2025-10-13/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from('a:b').toString('base64')}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"customerType":`);
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection', async () => {
    const sandbox = await createSandbox({ timeouts });
    sandboxes.push(sandbox);
    const connection = await open(sandbox.port);
    const socket = connection.socket;
    socket.write(`GET /2025-10-13/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from('a:b').toString('base64')}\r\n\r\n`);
    await expect.poll(() => connection.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(connection.received()).toMatch(/Keep-Alive: timeout=0|Connection: keep-alive/i);
    await connection.closed;
  });

  it('has limits by default', async () => {
    const sandbox = await createSandbox();
    sandboxes.push(sandbox);
    const connection = await open(sandbox.port);
    const socket = connection.socket;
    socket.write(`GET /2025-10-13/customers HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from('a:b').toString('base64')}\r\n\r\n`);
    await expect.poll(() => connection.received()).toMatch(/Keep-Alive: timeout=10/);
    socket.destroy();
  });
});
