import { spawn } from 'node:child_process';

/** How a script run in its own process ended, with all it printed. */
export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Node with the TypeScript loader the npm scripts use (`npm run seed`, `simulate`, `bench` …). */
export const TS_NODE = [process.execPath, '--import', '@swc-node/register/esm-register'] as const;

/** Runs a TypeScript script as the npm scripts do, in a child process with `env`, until it ends. */
export function runScript(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  nodeOptions: readonly string[] = [],
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(TS_NODE[0], [...nodeOptions, ...TS_NODE.slice(1), script, ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
