// `npm start`'s build step (issue 23 item 6): builds the server and the client only when their sources changed
// since the last build. Each part's inputs are hashed (file paths and contents, so a fresh checkout with new
// timestamps and the same files is no change) and compared with the stamp its last good build left in dist/; a
// part whose output is missing is built too. The two builds run side by side. `--force` builds both.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMPS = 'dist/.build-stamps';
const SKIP_DIRS = new Set(['node_modules', 'dist', '.vite', 'coverage']);
const SHARED = ['package-lock.json', 'tsconfig.json'];

/** Each part: the files and folders it is built from, the command, and a file its build must leave. */
const PARTS = [
  {
    name: 'server',
    inputs: [...SHARED, 'tsconfig.build.json', 'server/src', 'migrations'],
    ignore: (file) => file.endsWith('.test.ts'),
    command: ['npx', 'tsc', '-p', 'tsconfig.build.json'],
    output: 'dist/server/src/main.js',
  },
  {
    name: 'client',
    // The client also compiles the server's folder of shared pure code (the @shared alias).
    inputs: [...SHARED, 'client', 'server/src/shared'],
    ignore: (file) => /\.test\.tsx?$/.test(file),
    command: ['npx', 'vite', 'build', '--config', 'client/vite.config.ts'],
    output: 'dist/client/index.html',
  },
];

function filesOf(entry, ignore, into = []) {
  if (!existsSync(entry)) return into;
  if (statSync(entry).isDirectory()) {
    for (const name of readdirSync(entry).sort()) {
      if (SKIP_DIRS.has(name)) continue;
      filesOf(path.join(entry, name), ignore, into);
    }
  } else if (!ignore(entry)) {
    into.push(entry);
  }
  return into;
}

function fingerprint(part) {
  const hash = createHash('sha256');
  for (const file of part.inputs.flatMap((input) => filesOf(input, part.ignore))) {
    hash.update(file.replace(/\\/g, '/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const stampFile = (part) => path.join(STAMPS, part.name);
const stampOf = (part) => (existsSync(stampFile(part)) ? readFileSync(stampFile(part), 'utf8').trim() : '');

function run(part) {
  return new Promise((resolve, reject) => {
    const [command, ...args] = part.command;
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${part.name} build failed (${code})`))));
  });
}

const force = process.argv.includes('--force');
const started = Date.now();
const stale = PARTS.map((part) => ({ part, print: fingerprint(part) })).filter(
  ({ part, print }) => force || !existsSync(part.output) || stampOf(part) !== print,
);
if (stale.length === 0) {
  console.log(`Build up to date (checked in ${Date.now() - started} ms).`);
} else {
  console.log(`Building ${stale.map(({ part }) => part.name).join(' and ')} (sources changed since the last build)…`);
  try {
    await Promise.all(
      stale.map(async ({ part, print }) => {
        await run(part);
        mkdirSync(STAMPS, { recursive: true });
        writeFileSync(stampFile(part), `${print}\n`);
      }),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
