import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildAppSchema, printAppSchema } from './schema.js';

describe('schema.graphql', () => {
  it('is the schema the server builds (run `npm run generate` after changing resolvers)', async () => {
    const committed = readFileSync('schema.graphql', 'utf8');
    expect(printAppSchema(await buildAppSchema())).toBe(committed);
  });
});
