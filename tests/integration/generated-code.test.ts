import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** The committed client code must be what codegen makes of the committed schema (run `npm run generate`). */
describe('generated client code', () => {
  it('is up to date with schema.graphql and the client operations', { timeout: 120_000 }, async () => {
    const config = parse(readFileSync('codegen.yml', 'utf8')) as Extract<
      Parameters<typeof generate>[0],
      { generates: unknown }
    >;
    const outputs = (await generate({ ...config, cwd: process.cwd(), silent: true }, false)) as {
      filename: string;
      content: string;
    }[];
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const committed = readFileSync(path.resolve(output.filename), 'utf8');
      expect(committed, `${output.filename} is stale: run npm run generate`).toBe(output.content);
    }
  });
});
