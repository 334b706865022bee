import 'reflect-metadata';
import { startApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_LOGINS } from './seed/demo.js';

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

const config = loadConfig();
const app = await startApp(config);
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
