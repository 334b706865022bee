import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server modules must not import each other in a cycle (issue 25 item 5): a module is a room, and rooms that
 * need each other to load cannot be understood, tested or moved one at a time. The graph has one node per folder
 * of server/src/modules and an edge for each relative VALUE import from one module's file into another's. `import
 * type` and imports whose every name is `type X` are erased by the compiler, so they create no edge. Tests are left
 * out: they wire modules together on purpose and the app never loads them.
 */
const MODULES = 'server/src/modules';

/*
 * The last cycles were broken in session 33 (account ↔ member, core-banking ↔ payment); there is none and there stays
 * none. When a new import closes one, break it the way the others were broken, not with an exception here:
 * - an entity names another module's entity by its name (`@ManyToOne('Agreement')`, `em.findOne<Member>('Member', …)`)
 *   and imports its class as a type only, so that relations between tables tie no modules together (MikroORM
 *   resolves the name at discovery);
 * - a rule both need lives in the module that owns its concept (the deposit split by the stored plan: agreement/plan/);
 * - the lower module answers with its own facts and the higher one shows them (account's `AccountOfMember`, shown by
 *   member's `MemberAccount`).
 */

/** The specifiers a source imports at run time (a side-effect `import './x.js'` included). */
function valueImportsOf(text: string): string[] {
  const specifiers: string[] = [];
  for (const [, clause, specifier] of text.matchAll(/^\s*(?:import|export)\s+([^;]*?)\s+from\s+'([^']+)'/gms)) {
    if (/^type\s/.test(clause)) continue;
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    const parts = names?.[1]
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (parts && parts.length > 0 && parts.every((part) => /^type\s/.test(part))) continue;
    specifiers.push(specifier);
  }
  for (const [, specifier] of text.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(specifier);
  return specifiers;
}

type ModuleGraph = Map<string, Set<string>>;

/** The module graph of `files` (paths under `root`, with their text): module → the other modules it imports. */
function moduleGraph(root: string, files: { path: string; text: string }[]): ModuleGraph {
  const graph: ModuleGraph = new Map();
  const moduleOf = (path: string) => relative(root, path).split('/')[0];
  for (const { path, text } of files) {
    const from = moduleOf(path);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const specifier of valueImportsOf(text)) {
      if (!specifier.startsWith('.')) continue;
      const target = normalize(join(dirname(path), specifier));
      if (relative(root, target).startsWith('..')) continue;
      const to = moduleOf(target);
      if (to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** The graph's cycles: its strongly connected components of more than one module (Tarjan), each sorted. */
function cyclesOf(graph: ModuleGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    lowest.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(node, Math.min(lowest.get(node)!, lowest.get(next)!));
      } else if (onStack.has(next)) {
        lowest.set(node, Math.min(lowest.get(node)!, index.get(next)!));
      }
    }
    if (lowest.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles.sort((a, b) => a[0].localeCompare(b[0]));
}

/** Every import (type-only included) that reaches past a module's index.ts from outside the module, as `file: specifier`. */
function deepImports(root: string, files: { path: string; text: string }[], guarded: string[]): string[] {
  const moduleOf = (path: string) =>
    relative(root, path).startsWith('..') ? null : relative(root, path).split('/')[0];
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(/^\s*(?:import|export)\s+[^;]*?\s+from\s+'(\.[^']+)'/gms)]
      .map(([, specifier]) => specifier)
      .filter((specifier) => {
        const target = normalize(join(dirname(path), specifier));
        const to = moduleOf(target);
        return to !== null && to !== moduleOf(path) && guarded.includes(to) && target !== join(root, to, 'index.js');
      })
      .map((specifier) => `${path}: ${specifier}`),
  );
}

/** Imports of a module's own index.ts from inside it: its surface would load the module in an order of its own. */
function ownIndexImports(root: string, files: { path: string; text: string }[]): string[] {
  return files.flatMap(({ path, text }) =>
    [...text.matchAll(/^\s*(?:import|export)\s+[^;]*?\s+from\s+'(\.[^']+)'/gms)]
      .map(([, specifier]) => specifier)
      .filter((specifier) => {
        const module = relative(root, path).split('/')[0];
        return normalize(join(dirname(path), specifier)) === join(root, module, 'index.js');
      })
      .map((specifier) => `${path}: ${specifier}`),
  );
}

function sourcesUnder(dir: string) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ path: join(dir, file), text: readFileSync(join(dir, file), 'utf8') }));
}

const serverModules = () => sourcesUnder(MODULES);
const moduleNames = () =>
  readdirSync(MODULES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the server modules’ import graph', () => {
  it('has no cycle', () => {
    expect(cyclesOf(moduleGraph(MODULES, serverModules())), 'modules that import each other in a cycle').toEqual([]);
  });

  it('gives every module a public surface (index.ts), and nothing reaches past it', () => {
    const surfaced = moduleNames().filter((name) => existsSync(join(MODULES, name, 'index.ts')));
    expect(
      moduleNames().filter((name) => !surfaced.includes(name)),
      'modules without an index.ts',
    ).toEqual([]);
    // Tests are exempt (they check a module's own rules and build fixtures from its entities), as in eslint.config.js.
    const server = sourcesUnder('server/src').filter(({ path }) => !path.startsWith('server/src/shared/'));
    expect(deepImports(MODULES, server, surfaced)).toEqual([]);
    expect(ownIndexImports(MODULES, serverModules()), 'a module importing its own index.ts').toEqual([]);
  });

  it('finds what it guards', () => {
    const file = (path: string, text: string) => ({ path: `m/${path}`, text });
    const graph = moduleGraph('m', [
      file('a/a.service.ts', "import { B } from '../b/b.entity.js';\nimport { x } from './x.js';"),
      file('b/b.entity.ts', "import type { A } from '../a/a.entity.js';\nimport { type C } from '../c/c.js';"),
      file('b/b.service.ts', "import {\n  c,\n  type C,\n} from '../c/c.js';\nimport 'reflect-metadata';"),
      file('c/c.ts', "export { a } from '../a/a.rules.js';\nimport { y } from '../../common/y.js';"),
      file('d/d.ts', "import '../e/e.js';"),
      file('e/e.ts', "import { d } from '../d/d.js';"),
      file('f/f.ts', "import type { A } from '../a/a.entity.js';"),
    ]);
    expect(Object.fromEntries([...graph].map(([from, to]) => [from, [...to].sort()]))).toEqual({
      a: ['b'],
      b: ['c'],
      c: ['a'],
      d: ['e'],
      e: ['d'],
      f: [],
    });
    expect(cyclesOf(graph)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    graph.get('c')!.delete('a');
    expect(cyclesOf(graph)).toEqual([['d', 'e']]);
    const outside = [
      file('a/a.service.ts', "import { B } from '../b/index.js';\nimport type { C } from '../c/c.entity.js';"),
      file('a/sub/x.ts', "import { b } from '../../b/b.rules.js';\nimport { a } from '../a.rules.js';"),
      {
        path: 'graphql/schema.ts',
        text: "import { B } from '../m/b/b.entity.js';\nimport { C } from '../m/c/index.js';",
      },
    ];
    expect(deepImports('m', outside, ['b', 'c'])).toEqual([
      'm/a/a.service.ts: ../c/c.entity.js',
      'm/a/sub/x.ts: ../../b/b.rules.js',
      'graphql/schema.ts: ../m/b/b.entity.js',
    ]);
    expect(
      ownIndexImports('m', [
        file('b/b.service.ts', "import { b } from './index.js';\nimport { c } from '../c/index.js';"),
        file('b/sub/x.ts', "import type { B } from '../index.js';"),
        file('c/c.ts', "import { c } from './c.rules.js';"),
      ]),
    ).toEqual(['m/b/b.service.ts: ./index.js', 'm/b/sub/x.ts: ../index.js']);
  });
});
