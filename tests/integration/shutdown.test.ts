import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { realDatabaseUrl } from '../support/database.js';
import { startServerProcess, type ScriptRun, type ServerProcess } from '../support/script.js';

/**
 * The real server in a child process, as `npm start` runs it (issue 21 item 5): a taken port ends it at once with
 * one clear line, and a signal stops it within seconds whatever its clients do, on both databases.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'billsmoothing-shutdown-'));
const opened: { servers: ServerProcess[]; listeners: Server[]; sockets: Socket[] } = {
  servers: [],
  listeners: [],
  sockets: [],
};
afterEach(async () => {
  await Promise.all(opened.servers.splice(0).map((server) => server.stop()));
  for (const socket of opened.sockets.splice(0)) socket.destroy();
  await Promise.all(opened.listeners.splice(0).map((listener) => new Promise((resolve) => listener.close(resolve))));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The process is gone well within main.ts's stop deadline (10 s); a limit of our own so a hang fails the test. */
const STOPPED_WITHIN_MS = 15_000;

function start(databaseUrl: string, extra: Record<string, string> = {}): ServerProcess {
  const server = startServerProcess({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    ...extra,
  });
  opened.servers.push(server);
  return server;
}

async function running(server: ServerProcess): Promise<string> {
  const outcome = await server.started;
  if (!('url' in outcome)) throw new Error(`The server did not start:\n${server.output()}`);
  return outcome.url.replace('localhost', '127.0.0.1'); // it listens on HOST only
}

/** How the process ended, or 'still running' if it had not within `ms`. */
function endedWithin(server: ServerProcess, ms: number): Promise<ScriptRun | 'still running'> {
  return Promise.race([
    server.ended,
    new Promise<'still running'>((resolve) => setTimeout(resolve, ms, 'still running')),
  ]);
}

/** A TCP listener of the test's own on a free loopback port (answering nothing), and its port. */
async function listener(onConnection: (socket: Socket) => void = () => undefined): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined); // the server under test may cut it
    opened.sockets.push(socket);
    onConnection(socket);
  });
  opened.listeners.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

/** A raw connection that sends `text` and then neither reads on nor answers. */
async function stalled(url: string, text: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on('error', () => undefined); // cut by the stopping server: what the test wants
  opened.sockets.push(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(text);
}

/** A graphql-ws client that has been acknowledged, and the close code it will be given. */
async function subscriber(url: string): Promise<{ closed: Promise<number> }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve) => socket.on('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  await new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve();
    }),
  );
  return { closed };
}

const databases = [
  { name: 'the embedded database', url: '', signal: 'SIGINT' as const },
  { name: 'PostgreSQL', url: realDatabaseUrl ?? '', signal: 'SIGTERM' as const },
];

describe.each(databases)('the server process on $name', ({ name, url, signal }) => {
  const skip = name === 'PostgreSQL' && !url;

  it.skipIf(skip)('exits with one line naming a port that is already taken', { timeout: 180_000 }, async () => {
    const port = await listener();
    const server = start(url, { PORT: String(port) });
    const ended = await endedWithin(server, 150_000);
    expect(ended).not.toBe('still running');
    const { code, stderr } = ended as ScriptRun;
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `The portal could not start: port ${port} on 127.0.0.1 is already in use by another program: ` +
        'stop it, or set PORT to a free port.',
    ]);
  });

  it.skipIf(skip)(
    `stops on ${signal} within seconds: sockets closed as going away, a stalled request and socket cut`,
    { timeout: 180_000 },
    async () => {
      const server = start(url);
      const address = await running(server);
      const output = server.output();
      expect(output).toMatch(/agent\s+agent-demo-pass/);
      expect(output).toContain('Press Ctrl-C to stop.');
      const { closed } = await subscriber(address);
      // A request whose body never comes, and a socket that never answers the close.
      await stalled(
        address,
        'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 90\r\n\r\n{',
      );
      await stalled(
        address,
        'GET /graphql HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n' +
          'Sec-WebSocket-Protocol: graphql-transport-ws\r\n\r\n',
      );

      server.signal(signal);
      const ended = await endedWithin(server, STOPPED_WITHIN_MS);
      expect(ended === 'still running' ? server.output() : ended.code).toBe(0);
      expect(await closed).toBe(1001);
      expect(server.output()).toContain('Stopping…');
    },
  );
});

describe('a stop asked for during start-up', () => {
  it('ends the process within seconds even while the database never answers', { timeout: 60_000 }, async () => {
    let reached!: () => void;
    const connected = new Promise<void>((resolve) => (reached = resolve));
    const port = await listener(() => reached());
    const server = start(`postgres://postgres@127.0.0.1:${port}/silent`);
    await connected; // start-up is waiting for the database's answer
    server.signal('SIGTERM');
    const ended = await endedWithin(server, STOPPED_WITHIN_MS);
    expect(ended).not.toBe('still running');
    expect((ended as ScriptRun).code).toBe(1);
    expect((ended as ScriptRun).stderr).toContain('The portal did not stop within 10 s (still closing: start-up).');
  });
});
