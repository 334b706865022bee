import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanTransactions } from '../../../tests/support/transaction-scan.js';

/** The static check beside the runtime guard (transaction-guard.ts): no query around an open transaction. */

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const whys = (code: string) => scanTransactions('x.ts', code).map((f) => f.why);

describe('scanTransactions', () => {
  it.each([
    ['the outer em queried', 'await em.transactional(async (tx) => { await em.execute("select 1"); });'],
    ['the outer em handed on', 'await em.transactional(async (tx) => { await check(em, user); });'],
    ['the outer em as a shorthand', 'await em.transactional(async (tx) => { await jobs.send({ em }, JOB, {}); });'],
    ['this.em', 'await this.em.transactional(async (tx) => { await this.em.flush(); });'],
    ['orm.em', 'await em.transactional(async (tx) => { await orm.em.fork().execute("select 1"); });'],
    ['this.orm', 'await em.transactional(async (tx) => { await this.orm.em.find(A, {}); });'],
    ['a fork of the transaction', 'await em.transactional(async (tx) => { await load(tx.fork()); });'],
    ['getConnection().execute', 'await em.getConnection().execute("select 1", []);'],
  ])('finds %s', (_name, code) => {
    expect(whys(code)).not.toEqual([]);
  });

  it.each([
    ['the transaction only', 'await em.transactional(async (tx) => { await tx.execute("select 1"); await f(tx); });'],
    ['a property named em', 'await em.transactional(async (tx) => { await jobs.send({ em: tx }, J, {}); g(tx.em); });'],
    ['the outer em after the commit', 'await em.transactional(async (tx) => f(tx)); await em.execute("select 1");'],
    ['getConnection().execute with the transaction', 'await em.getConnection().execute(q, [], "all", ctx);'],
  ])('passes %s', (_name, code) => {
    expect(whys(code)).toEqual([]);
  });
});

describe('the server', () => {
  it('runs no query around an open transaction', () => {
    const root = path.resolve('server/src');
    const findings = sourceFiles(root).flatMap((file) =>
      scanTransactions(file, readFileSync(file, 'utf8')).map(
        (f) => `${path.relative(root, file)}:${f.line} ${f.text}: ${f.why}`,
      ),
    );
    expect(findings).toEqual([]);
  });
});
