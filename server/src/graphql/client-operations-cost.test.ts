import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, validate, type DefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { hardeningRules } from './hardening.js';

/**
 * Every operation the web client sends passes the server's limits (depth, aliases, cost) on the committed schema.
 * A change to a limit or to the costing that refuses one of the client's own pages fails here, not in a browser.
 */
function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));
const definitions: DefinitionNode[] = graphqlFiles('client/src').flatMap(
  (file) => parse(readFileSync(file, 'utf8')).definitions,
);
const fragments = definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
const operations = definitions.flatMap((d) => (d.kind === Kind.OPERATION_DEFINITION && d.name ? [d] : []));

describe('the client’s operations within the server’s limits', () => {
  it('finds the client’s operations', () => {
    expect(operations.length).toBeGreaterThan(30);
  });

  it.each(operations.map((operation) => [operation.name!.value, operation] as const))('%s', (_name, operation) => {
    // As the client sends it: Apollo Client adds __typename to every selection.
    const document = addTypenameToDocument({ kind: Kind.DOCUMENT, definitions: [operation, ...fragments] });
    expect(validate(schema, document, hardeningRules).map((error) => error.message)).toEqual([]);
  });
});
