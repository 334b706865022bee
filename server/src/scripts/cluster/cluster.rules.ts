/**
 * `npm run cluster` (issue 23 item 7): N instances of the portal on one PostgreSQL behind HAProxy. Pure: the command's
 * options and the balancer's configuration (table-tested beside); cluster-runner.ts starts the processes.
 */

export interface ClusterOptions {
  /** Portal instances, each its own process on its own port. */
  instances: number;
  /** Where the balancer listens (the address people use). */
  port: number;
  /** The first instance's port; the others follow it. */
  firstInstancePort: number;
  /** The balancer's address (HOST, default 0.0.0.0); the instances listen on 127.0.0.1 only, behind it. */
  host: string;
  /** Run the instances from the TypeScript sources (as `npm run dev`), not from a build (tests, development). */
  source: boolean;
}

export interface ClusterInstance {
  /** The balancer's name for it (`i1`, `i2` …), also in every answer's `X-Served-By`. */
  name: string;
  port: number;
}

export const MAX_INSTANCES = 9;

export const CLUSTER_USAGE = `npm run cluster -- [--instances N] [--port P] [--first-instance-port Q] [--source]
  Starts N portal instances (default 2, at most ${MAX_INSTANCES}) on DATABASE_URL (PostgreSQL) on ports Q, Q+1 … (default P+1)
  and HAProxy on port P (default PORT or 4000) in front of them; Ctrl-C stops them all.`;

/** Reads the command's arguments (`--name value` or `--name=value`) over the environment's PORT and HOST. */
export function parseClusterArgs(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): ClusterOptions {
  const given = new Map<string, string>();
  let source = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--source') {
      source = true;
      continue;
    }
    const match = /^--(instances|port|first-instance-port)(?:=(.*))?$/.exec(arg);
    if (!match) throw new Error(`Unknown argument "${arg}".\n${CLUSTER_USAGE}`);
    const value = match[2] ?? args[(i += 1)];
    if (value === undefined) throw new Error(`--${match[1]} needs a value.\n${CLUSTER_USAGE}`);
    given.set(match[1], value);
  }
  const instances = wholeNumber('--instances', given.get('instances') ?? '2', 1, MAX_INSTANCES);
  const port = wholeNumber('--port', given.get('port') ?? env.PORT ?? '4000', 1, 65535);
  const firstInstancePort = wholeNumber(
    '--first-instance-port',
    given.get('first-instance-port') ?? String(port + 1),
    1,
    65535,
  );
  if (firstInstancePort + instances - 1 > 65535) throw new Error('The instances’ ports go past 65535.');
  if (port >= firstInstancePort && port < firstInstancePort + instances) {
    throw new Error(`The balancer's port ${port} is one of the instances' (${firstInstancePort}…).`);
  }
  return { instances, port, firstInstancePort, host: env.HOST || '0.0.0.0', source };
}

function wholeNumber(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${text}").`);
  }
  return value;
}

/** The instances on consecutive ports. */
export function clusterInstances(options: Pick<ClusterOptions, 'instances' | 'firstInstancePort'>): ClusterInstance[] {
  return Array.from({ length: options.instances }, (_, i) => ({
    name: `i${i + 1}`,
    port: options.firstInstancePort + i,
  }));
}

/**
 * HAProxy's configuration (2.6, Debian 12's):
 * - each instance checked on `/healthz` every second (database reachable); two failures take it out, two successes
 *   put it back. A request whose connection an instance refuses (killed, not yet seen down) is sent to another
 *   (`retries` + `redispatch`): a request cut half-way is not retried (it may have changed something).
 * - WebSockets (`/graphql` subscriptions) pass through: HAProxy follows the upgrade and then tunnels; `timeout tunnel`
 *   keeps a quiet subscription socket open an hour (nobody pings): then it is closed, the client reconnects and asks
 *   its open screens again.
 * - `X-Forwarded-For` added (the instances trust the loopback proxy, TRUST_PROXY), `X-Served-By` names the instance
 *   that answered (to see the spread, and for the cluster test).
 * - no stickiness: a session is a signed token and rows in the shared database, so any instance answers any request.
 */
export function haproxyConfig(options: { host: string; port: number; instances: readonly ClusterInstance[] }): string {
  const servers = options.instances.map(
    (instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check inter 1s fall 2 rise 2`,
  );
  return [
    '# Written by npm run cluster (server/src/scripts/cluster/cluster.rules.ts); regenerated at every start.',
    'global',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 70s',
    '  timeout server 70s',
    '  timeout http-keep-alive 60s',
    '  timeout tunnel 1h',
    '  retries 2',
    '  option redispatch 1',
    '',
    'frontend portal',
    `  bind ${options.host}:${options.port}`,
    '  option forwardfor',
    '  http-response set-header X-Served-By %[srv_name]',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /healthz',
    '  http-check expect status 200',
    ...servers,
    '',
  ].join('\n');
}
