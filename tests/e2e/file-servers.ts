import { spawn, type ChildProcess } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';
import { TS_NODE } from '../support/script.js';

/**
 * The servers of one Playwright worker: each spec file gets its own server (serve.ts, a child process) on its own copy
 * of the run's seeded embedded database (global-setup.ts), so no spec sees what another changed. While a file runs,
 * the next file's server is already starting beside it (a spare), so a file waits only for a copy it did not make.
 */

/** Where the run keeps its embedded databases: the seeded template and one copy per server. */
export function e2eDataDir(): string {
  return path.resolve('.e2e-data', process.env.E2E_CLOCK_ORIGIN ?? 'run');
}

export const TEMPLATE_DIR = 'template';

export interface FileServer {
  url: string;
  stop(): Promise<void>;
}

/** A server being started: `ready` once it listens; `stop` ends it in any state and removes its copy. */
interface Launch {
  ready: Promise<FileServer>;
  stop(): Promise<void>;
}

let launched = 0;

/**
 * Copies the template and starts a server on the copy (the copy is asynchronous: a test may be running), with
 * `env` over the run's environment (a spec's `serverEnv`, fixtures.ts).
 */
export function launchServer(env: Readonly<Record<string, string>> = {}): Launch {
  const dataDir = path.join(e2eDataDir(), `server-${process.pid}-${++launched}`);
  const label = `[e2e server ${path.basename(dataDir)}]`;
  let child: ChildProcess | null = null;
  let stopping = false;
  const stop = async () => {
    stopping = true;
    await started.catch(() => undefined);
    if (child) await stopped(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  const started = cp(path.join(e2eDataDir(), TEMPLATE_DIR), dataDir, { recursive: true }).then(() => {
    if (stopping) throw new Error(`${label} stopped before it started`);
    child = spawn(TS_NODE[0], [...TS_NODE.slice(1), 'tests/e2e/serve.ts'], {
      // Jobs polled every 3 s (the default is 2): a queued change stays visible long enough for the dialog's tests.
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        JOB_POLLING_SECONDS: process.env.JOB_POLLING_SECONDS ?? '3',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(prefixed(label, chunk)));
    return child;
  });
  const ready = started
    .then((running) => listening(running, label).then((url) => ({ running, url })))
    .then(({ running, url }) => {
      running.stdout!.on('data', (chunk: Buffer) => process.stdout.write(prefixed(label, chunk)));
      return { url, stop };
    });
  ready.catch(() => undefined); // its failure surfaces where it is awaited
  return { ready, stop };
}

function prefixed(label: string, chunk: Buffer): string {
  return chunk
    .toString()
    .split('\n')
    .map((line) => (line ? `${label} ${line}` : line))
    .join('\n');
}

function listening(child: ChildProcess, label: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const url = /e2e server at (http:\/\/\S+),/.exec(out)?.[1];
      if (!url) return;
      child.stdout!.off('data', onData);
      resolve(url);
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${label} exited (${code}) before listening:\n${out}`)));
  });
}

function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** This worker's servers: the current spec file's, and a spare for the next file. */
export class FileServers {
  private current: { file: string; launch: Launch } | null = null;
  private spare: Launch | null = null;

  /**
   * The server of this spec file: the one already running for it, or a fresh one (the previous file's stops). A file
   * with its own `env` gets a server of its own making (the spare, started with none, waits for the next file).
   */
  async forFile(file: string, env: Readonly<Record<string, string>> = {}): Promise<FileServer> {
    if (this.current?.file !== file) {
      const previous = this.current;
      const ownEnv = Object.keys(env).length > 0;
      this.current = { file, launch: ownEnv ? launchServer(env) : (this.spare ?? launchServer()) };
      if (!ownEnv) this.spare = null;
      await previous?.launch.stop();
    }
    const server = await this.current.launch.ready;
    this.spare ??= launchServer(); // the next file's, starting while this one runs
    return server;
  }

  async stopAll(): Promise<void> {
    const all = [this.current?.launch, this.spare];
    this.current = null;
    this.spare = null;
    await Promise.all(all.map((launch) => launch?.stop()));
  }
}
