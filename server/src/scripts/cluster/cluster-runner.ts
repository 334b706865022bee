import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clusterInstances, haproxyConfig, type ClusterInstance, type ClusterOptions } from './cluster.rules.js';

/** Where Debian puts HAProxy (`apt-get install haproxy`): /usr/sbin, often not on a user's PATH. */
const HAPROXY_PLACES = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/bin/haproxy'];

/** The HAProxy binary (HAPROXY overrides), or null when it is not installed. */
export function findHaproxy(env: Readonly<Record<string, string | undefined>> = process.env): string | null {
  if (env.HAPROXY) return existsSync(env.HAPROXY) ? env.HAPROXY : null;
  const onPath = (env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'haproxy'));
  return [...onPath, ...HAPROXY_PLACES].find((place) => existsSync(place)) ?? null;
}

export interface RunningInstance extends ClusterInstance {
  url: string;
  process: ChildProcess;
  /** Resolves with how it ended (a code or a signal) when its process is gone. */
  exited: Promise<string>;
}

export interface Cluster {
  /** The balancer's address. */
  url: string;
  instances: RunningInstance[];
  balancer: ChildProcess;
  /** Resolves when the balancer's process has ended (it should not before `stop`). */
  balancerExited: Promise<string>;
  /** Stops the balancer and every instance (SIGTERM, then SIGKILL after 12 s), removes the configuration. */
  stop(): Promise<void>;
}

export interface StartClusterOptions extends Omit<ClusterOptions, 'host'> {
  /** The balancer's address; the instances listen on 127.0.0.1. */
  host?: string;
  /** The environment of every instance (DATABASE_URL must name a PostgreSQL database). */
  env: Readonly<Record<string, string | undefined>>;
  /** Where each process's output goes, line by line, prefixed with its name. */
  log?: (line: string) => void;
  /** The instances' ports, when not consecutive from `firstInstancePort` (a test's free ports). */
  instancePorts?: readonly number[];
  /** How long an instance may take to answer /healthz (the first one migrates and seeds). */
  readyTimeoutMs?: number;
}

/** Node with the TypeScript loader, as `npm run dev` runs the server. */
const FROM_SOURCE = ['--import', '@swc-node/register/esm-register', 'server/src/main.ts'];
/** As `npm start` runs the built server. */
const FROM_BUILD = ['--max-semi-space-size=32', 'dist/server/src/main.js'];

/**
 * Starts the instances (the first alone, since it migrates and seeds the database; then the others together), waits
 * until each answers /healthz, then starts HAProxy in front of them and waits until it answers too. A failure on the
 * way stops what was started.
 */
export async function startCluster(options: StartClusterOptions): Promise<Cluster> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (!options.env.DATABASE_URL) {
    throw new Error('The cluster needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.');
  }
  const haproxy = findHaproxy(options.env);
  if (!haproxy) throw new Error('HAProxy is not installed: apt-get install haproxy (or set HAPROXY to its path).');
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-cluster-'));
  const instances: RunningInstance[] = [];
  let balancer: ChildProcess | null = null;
  let balancerExited: Promise<string> = Promise.resolve('not started');
  const stop = async () => {
    const all = [...(balancer ? [{ process: balancer, exited: balancerExited }] : []), ...instances];
    await Promise.all(all.map((each) => ended(each.process, each.exited)));
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const timeout = options.readyTimeoutMs ?? 120_000;
    const [first, ...others] = options.instancePorts
      ? options.instancePorts.map((port, i) => ({ name: `i${i + 1}`, port }))
      : clusterInstances(options);
    const launch = (instance: ClusterInstance) => {
      const running = startInstance(instance, options, log);
      instances.push(running);
      return waitUntilHealthy(running, timeout);
    };
    await launch(first);
    await Promise.all(others.map(launch));
    const host = options.host ?? '0.0.0.0';
    const configFile = path.join(dir, 'haproxy.cfg');
    await writeFile(configFile, haproxyConfig({ host, port: options.port, instances }));
    // -db: in the foreground, no daemon; its messages go to this process's output.
    balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    balancerExited = exitOf(balancer);
    prefixLines(balancer, 'haproxy', log);
    const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${options.port}`;
    await waitUntil(
      async () => (await fetch(`${url}/healthz`).catch(() => null))?.ok === true,
      balancerExited,
      timeout,
      `HAProxy did not answer on ${url}`,
    );
    return { url, instances, balancer, balancerExited, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function startInstance(
  instance: ClusterInstance,
  options: StartClusterOptions,
  log: (line: string) => void,
): RunningInstance {
  const child = spawn(process.execPath, options.source ? FROM_SOURCE : FROM_BUILD, {
    env: {
      ...options.env,
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      // The balancer on this machine adds X-Forwarded-For: the sign-in throttle counts the person's address.
      TRUST_PROXY: options.env.TRUST_PROXY ?? 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches the cluster command only, which stops each instance
    // with one SIGTERM (a second signal would cut an instance's orderly stop short: main.ts).
    detached: true,
  });
  prefixLines(child, instance.name, log);
  return { ...instance, url: `http://127.0.0.1:${instance.port}`, process: child, exited: exitOf(child) };
}

async function waitUntilHealthy(instance: RunningInstance, timeoutMs: number): Promise<void> {
  await waitUntil(
    async () => (await fetch(`${instance.url}/healthz`).catch(() => null))?.ok === true,
    instance.exited.then((how) => `instance ${instance.name} ended during start-up (${how})`),
    timeoutMs,
    `instance ${instance.name} did not answer on ${instance.url}/healthz`,
  );
}

/** Polls `ready` every 250 ms; fails when `gone` resolves first (the process ended) or after `timeoutMs`. */
async function waitUntil(
  ready: () => Promise<boolean>,
  gone: Promise<string>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  let ended: string | null = null;
  void gone.then((how) => (ended = how));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended !== null) throw new Error(`${what}: ${ended}`);
    if (await ready()) return;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function exitOf(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve(`could not run: ${error.message}`));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
}

/** SIGTERM, then SIGKILL if still there after 12 s (an instance stops within 10 s of its signal: main.ts). */
async function ended(child: ChildProcess, exited: Promise<string>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

function prefixLines(child: ChildProcess, name: string, log: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) log(`[${name}] ${line}`);
    });
  }
}
