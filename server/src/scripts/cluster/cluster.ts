import { spawnSync } from 'node:child_process';
import { startCluster, type Cluster } from './cluster-runner.js';
import { CLUSTER_USAGE, parseClusterArgs } from './cluster.rules.js';

/**
 * `npm run cluster -- --instances N`: builds what changed (as `npm start`), starts N instances on DATABASE_URL and
 * HAProxy in front of them, in the foreground. An instance that dies is left dead (the balancer sends its requests to
 * the others, and says so); Ctrl-C or SIGTERM stops them all. See the README's "Several instances".
 */
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(CLUSTER_USAGE);
  process.exit(0);
}
let options;
try {
  options = parseClusterArgs(args, process.env);
  if (!process.env.DATABASE_URL) {
    throw new Error('The cluster needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process.');
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

if (!options.source) {
  const build = spawnSync(process.execPath, ['scripts/build-if-changed.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const signal = new Promise<string>((resolve) => {
  for (const name of ['SIGINT', 'SIGTERM'] as const) process.once(name, () => resolve(name));
});
let cluster: Cluster;
let stopping = false;
try {
  cluster = await startCluster({ ...options, env: process.env });
} catch (error) {
  console.error(`The cluster could not start: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`\nBill smoothing portal: ${cluster.url} (HAProxy) in front of`);
for (const instance of cluster.instances) {
  console.log(`  ${instance.name} ${instance.url} (process ${instance.process.pid})`);
  void instance.exited.then((how) => {
    if (!stopping)
      console.log(`cluster: instance ${instance.name} ended (${how}); the balancer sends its requests to the others.`);
  });
}
console.log('Ctrl-C stops them all.');

const why = await Promise.race([
  signal.then((name) => `${name}: stopping`),
  cluster.balancerExited.then((how) => `HAProxy ended (${how}): stopping the instances`),
  Promise.all(cluster.instances.map((instance) => instance.exited)).then(() => 'every instance ended: stopping'),
]);
stopping = true;
console.log(`cluster: ${why}…`);
await cluster.stop();
process.exit(why.startsWith('SIG') ? 0 : 1);
