// Closing the server (what server/main.ts does on SIGTERM): a request already received finishes
// with its whole answer, an idle keep-alive connection is closed, a new connection is refused, and
// a request that arrives on an open connection during the stop gets a localised 503 with
// Connection: close instead of the work it asked for. The real process, under load, is in fleet.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createTestApp, createUser, type TestContext } from './context';

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

/** A raw connection and everything the server sends on it, until it closes. */
function open(): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    const ended = new Promise<void>((done) => socket.once('close', () => done()));
    socket.once('connect', () => resolve({ socket, received: () => data, ended }));
    socket.once('error', reject);
  });
}
const until = async (test: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; !test(); ) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('closing the server', () => {
  it('finishes the request in flight, closes idle connections, refuses new ones and answers a late request 503', async () => {
    const user = await createUser(ctx, 'employee');
    const body = JSON.stringify({ email: user.email, password: user.password });
    const half = Math.floor(body.length / 2);

    // In flight: its headers and half its body are in when the stop begins.
    const slow = await open();
    slow.socket.write(`POST /api/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nAccept-Language: en\r\n\r\n${body.slice(0, half)}`);
    // Idle: answered once and kept alive.
    const idle = await open();
    idle.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => idle.received().includes('"status":"ok"'));
    await new Promise((resolve) => setTimeout(resolve, 100));

    // Late: its headers are not all in when the stop begins.
    const late = await open();
    late.socket.write('GET /api/users/profile HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = ctx.app.close();
    await idle.ended;
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // The in-flight request's body ends: it is served whole, its client told to close the connection.
    slow.socket.write(body.slice(half));
    await slow.ended;
    const served = slow.received();
    expect(served).toMatch(/^HTTP\/1\.1 200 /);
    expect(served).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(served.slice(served.indexOf('\r\n\r\n') + 4))).toMatchObject({ token: expect.stringMatching(/^ey/), msg: 'Signed in.' });

    // The late request is not served: a localised 503, and the connection closed.
    late.socket.write('\r\n');
    await late.ended;
    const refused = late.received();
    expect(refused).toMatch(/^HTTP\/1\.1 503 /);
    expect(refused).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(refused.slice(refused.indexOf('\r\n\r\n') + 4))).toEqual({ msg: 'The server is restarting. Please try again in a moment.', msgType: 'common-shutting_down' });
    await closing;
  });
});
