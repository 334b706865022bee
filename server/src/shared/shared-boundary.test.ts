import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * server/src/shared is the one folder of server code the client uses (README.md here): pure codes and rules. This
 * keeps it pure (it imports only itself and packages that run in a browser) and keeps the client out of the rest
 * of the server (eslint's no-restricted-imports says the same to the editor; this resolves the paths).
 */
const SHARED = 'server/src/shared';
const PURE_PACKAGES = ['dayjs'];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
}

/** Where a relative import of `file` lands, from the repository's root; null for a package. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('@shared/')) return join(SHARED, specifier.slice('@shared/'.length));
  return specifier.startsWith('.') ? normalize(join(dirname(file), specifier)) : null;
}

/** The imports of `files` that break the boundary, as `file: specifier`. */
function boundaryBreaks(files: string[], allowed: (file: string, specifier: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(file, specifier))
      .map((specifier) => `${file}: ${specifier}`),
  );
}

const insideShared = (file: string, specifier: string) => {
  const to = target(file, specifier);
  if (to === null) return PURE_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`));
  return !relative(SHARED, to).startsWith('..');
};

const clientUsesShared = (file: string, specifier: string) => {
  const to = target(file, specifier);
  if (to === null || !to.startsWith('server/')) return true;
  return !relative(SHARED, to).startsWith('..');
};

describe('the shared folder’s boundary', () => {
  it('shared code imports only shared code and pure packages', () => {
    expect(boundaryBreaks(sources(SHARED), insideShared)).toEqual([]);
  });

  it('the client imports server code only from server/src/shared', () => {
    const client = readdirSync('client/src', { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('gql/'))
      .map((file) => join('client/src', file));
    expect(boundaryBreaks(client, clientUsesShared)).toEqual([]);
  });

  it('catches what it guards', () => {
    const file = `${SHARED}/bill/x.ts`;
    expect(insideShared(file, '../money.js')).toBe(true);
    expect(insideShared(file, '../../modules/bill/bill.entity.js')).toBe(false);
    expect(insideShared(file, '../../common/logger.js')).toBe(false);
    expect(insideShared(file, '@mikro-orm/core')).toBe(false);
    expect(insideShared(file, 'node:fs')).toBe(false);
    expect(insideShared(file, 'dayjs')).toBe(true);
    const screen = 'client/src/features/bills/x.ts';
    expect(clientUsesShared(screen, '@shared/money.js')).toBe(true);
    expect(clientUsesShared(screen, '../../../../server/src/shared/money.js')).toBe(true);
    expect(clientUsesShared(screen, '../../../../server/src/modules/bill/bill.service.js')).toBe(false);
    expect(clientUsesShared(screen, '../shared/money.js')).toBe(true);
  });
});
