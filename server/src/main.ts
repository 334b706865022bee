import 'reflect-metadata';
import { startApp, type App } from './app.js';
import { loadConfig, type Config } from './config.js';
import { DEMO_LOGINS } from './seed/demo.js';
import { StartupError } from './serving.js';
import { startupFailureMessage } from './startup-failure.js';

/** However a stop goes, the process is gone this long after the signal (each step has its own shorter limit). */
const STOP_DEADLINE_MS = 10_000;

// Handlers first: a Ctrl-C at any moment, even during start-up, stops the server.
const starting = new AbortController();
const running: { app?: App } = {};
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      console.error('Stopped without waiting for the rest to close.');
      process.exit(1);
    }
    stopping = true;
    console.log('Stopping…');
    setTimeout(() => {
      const step = running.app?.stopping() ?? 'start-up';
      console.error(`The portal did not stop within ${STOP_DEADLINE_MS / 1000} s (still closing: ${step}).`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    starting.abort();
    if (running.app) void stop(running.app);
  });
}

async function stop(app: App): Promise<void> {
  try {
    await app.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

// A start-up failure (configuration, port, database, demo data) is one line saying what went wrong, not a stack.
async function start(): Promise<{ config: Config; app: App }> {
  const config = loadConfig();
  return { config, app: await startApp(config, { signal: starting.signal }) };
}
const { config, app } = await start().catch((error: unknown) => {
  // Stopped during start-up: what had been opened is closed (startApp's clean-up), nothing failed.
  if (stopping && starting.signal.aborted && error === starting.signal.reason) process.exit(0);
  const message = error instanceof StartupError ? error.message : startupFailureMessage(error);
  console.error(`The portal could not start: ${message}`);
  process.exit(1);
});
running.app = app;
if (stopping) await stop(app); // the signal came after start-up's last checkpoint
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
console.log(`\nBill smoothing portal running at ${app.url} on ${where}.`);
if (config.loadDemoData) {
  console.log('Demo sign-ins:');
  for (const login of DEMO_LOGINS)
    console.log(`  ${login.username.padEnd(10)} ${login.password.padEnd(20)} ${login.note}`);
}
console.log('Press Ctrl-C to stop.\n');
