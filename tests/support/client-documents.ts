import { readdirSync, readFileSync } from 'node:fs';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';

/**
 * One operation of the client's documents (client/src/**\/*.graphql) with the fragments it uses, found in any of them,
 * as the client's build sends it: a test asks the server exactly what the browser asks.
 */
export function clientOperation(name: string, root = 'client/src'): string {
  const operations = new Map<string, DefinitionNode>();
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.graphql')) continue;
    for (const definition of parse(readFileSync(`${root}/${file}`, 'utf8')).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
      else if (definition.kind === Kind.OPERATION_DEFINITION && definition.name) {
        operations.set(definition.name.value, definition);
      }
    }
  }
  const operation = operations.get(name);
  if (!operation) throw new Error(`No operation ${name} in ${root}`);
  const definitions: DefinitionNode[] = [operation];
  const named = new Set<string>();
  for (let i = 0; i < definitions.length; i++) {
    visit(definitions[i], {
      FragmentSpread(node) {
        if (named.has(node.name.value)) return;
        const fragment = fragments.get(node.name.value);
        if (!fragment) throw new Error(`${name}: fragment ${node.name.value} is defined nowhere in ${root}`);
        named.add(node.name.value);
        definitions.push(fragment);
      },
    });
  }
  return print({ kind: Kind.DOCUMENT, definitions });
}
