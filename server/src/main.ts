import 'reflect-metadata';
import { startApp, type App } from './app.js';
import { loadConfig, type Config } from './config.js';
import { DEMO_LOGINS } from './seed/demo.js';
import { startupFailureMessage } from './startup-failure.js';

// Handlers first: a Ctrl-C at any moment, even during start-up, stops the server cleanly.
const running: { app?: App } = {};
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    if (running.app) void stop(running.app);
  });
}

async function stop(running: App): Promise<void> {
  try {
    await running.stop();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

// A start-up failure (configuration, database, demo data) is one line saying what went wrong, not a stack.
async function start(): Promise<{ config: Config; app: App }> {
  const config = loadConfig();
  return { config, app: await startApp(config) };
}
const { config, app } = await start().catch((error: unknown) => {
  console.error(`The portal could not start: ${startupFailureMessage(error)}`);
  process.exit(1);
});
running.app = app;
if (stopping) await stop(app);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
console.log(`\nBill smoothing portal running at ${app.url} on ${where}.`);
if (config.loadDemoData) {
  console.log('Demo sign-ins:');
  for (const login of DEMO_LOGINS)
    console.log(`  ${login.username.padEnd(10)} ${login.password.padEnd(20)} ${login.note}`);
}
console.log('Press Ctrl-C to stop.\n');
