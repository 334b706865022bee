// `npm run lint`: ESLint, Prettier's check and the two type checks, side by side. Each is one single-threaded process
// of 15-20 s CPU; in turn they took ~100 s of CI's 2-core machine, together about half. Each one's output is printed
// whole when it ends, under its name; the lint fails when any of them does, after all have ended.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['eslint', '.'],
  ['prettier', '--check', '.'],
  ['tsc', '-p', 'tsconfig.json', '--noEmit'],
  ['tsc', '-p', 'client/tsconfig.json', '--noEmit'],
];

function check([command, ...args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['--no-install', command, ...args], { shell: process.platform === 'win32' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const name = [command, ...args].join(' ');
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`> ${name}: ${code === 0 ? 'passed' : `failed (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(check));
if (results.includes(false)) process.exit(1);
