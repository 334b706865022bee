import 'reflect-metadata';
import { startApp } from './app.js';
import { loadConfig } from './config.js';
import { DEMO_LOGINS } from './seed/demo.js';

const config = loadConfig();
const app = await startApp(config);
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
console.log(`\nBill smoothing portal running at ${app.url} on ${where}.`);
if (config.loadDemoData) {
  console.log('Demo sign-ins:');
  for (const login of DEMO_LOGINS)
    console.log(`  ${login.username.padEnd(10)} ${login.password.padEnd(20)} ${login.note}`);
}
console.log('Press Ctrl-C to stop.\n');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping…');
    app.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
