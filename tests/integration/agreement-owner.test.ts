import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER_CASES } from '../../server/src/modules/branch/agreement-owner.cases.js';
import { agreementOwner } from '../../server/src/modules/branch/agreement-owner.rules.js';
import { holderLinksOf, holderLinksSql, ownerBranchSql } from '../../server/src/modules/branch/agreement-owner.sql.js';
import { createScratchDatabase, databaseUrl, openMigrated } from './ledger-fixture.js';

/**
 * The rule "which member and branch an agreement belongs to" in SQL (the reporting API's branch filter) agrees
 * with the pure rule on every case of its table, and the links read with holderLinksSql give the pure rule what it
 * needs. Each case is written as rows: its branches, members, links (in the order of their link ids) and preference.
 */
describe.skipIf(!databaseUrl)('agreement owner: the SQL twin of agreementOwner', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  const branchIds = new Map<number, number>();

  const sql = <T>(text: string, params: unknown[] = []) => orm.em.fork().execute<T[]>(text, params);

  beforeAll(async () => {
    const scratch = await createScratchDatabase('agreement_owner');
    drop = scratch.drop;
    orm = await openMigrated(scratch.url);
    for (const id of [1, 2, 3]) {
      const [row] = await sql<{ id: number }>(`insert into branch (name) values (?) returning id`, [`Owner ${id}`]);
      branchIds.set(id, Number(row.id));
    }
  });

  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  it.each(OWNER_CASES)('%s', async (label, links, preferenceBranchId, expected) => {
    const tag = String(OWNER_CASES.findIndex((c) => c[0] === label));
    const [account] = await sql<{ id: number }>(`insert into account (account_number) values (?) returning id`, [
      `OW${tag}`,
    ]);
    const memberIds = new Map<number, number>();
    for (const memberId of new Set(links.map((l) => l.memberId))) {
      const branch = links.find((l) => l.memberId === memberId)!.branchId;
      const [member] = await sql<{ id: number }>(
        `insert into member (member_number, first_name, last_name, branch_id) values (?, 'Owner', ?, ?) returning id`,
        [`OW${tag}${memberId}`, String(memberId), branch === null ? null : branchIds.get(branch)],
      );
      memberIds.set(memberId, Number(member.id));
    }
    for (const l of [...links].sort((a, b) => a.linkId - b.linkId)) {
      await sql(`insert into member_account_link (member_id, account_id, is_active, is_primary) values (?, ?, ?, ?)`, [
        memberIds.get(l.memberId),
        account.id,
        l.isActive,
        l.isPrimary,
      ]);
    }
    const [agreement] = await sql<{ id: number }>(
      `insert into agreement (account_id, status, start_date, end_date, contribution_frequency, contribution_date,
         deposit_type, remitter_name, remitter_number, deposit_amount)
       values (?, 7, '2026-01-05', '2027-01-03', 1, '2026-01-05', 1, 'Employer', '12345', 120) returning id`,
      [account.id],
    );
    if (preferenceBranchId !== null) {
      await sql(`insert into contract_preferences (agreement_id, branch_id) values (?, ?)`, [
        agreement.id,
        branchIds.get(preferenceBranchId),
      ]);
    }
    const [row] = await sql<{ branch_id: number | null; links: unknown; preference: number | null }>(
      `select ${ownerBranchSql('g.account_id', 'g.id')} as branch_id, ${holderLinksSql('g.account_id')} as links,
              (select branch_id from contract_preferences where agreement_id = g.id) as preference
       from agreement g where g.id = ?`,
      [agreement.id],
    );
    const expectedBranch = expected.branchId === null ? null : branchIds.get(expected.branchId);
    const expectedMember = expected.memberId === null ? null : memberIds.get(expected.memberId);
    expect(row.branch_id === null ? null : Number(row.branch_id)).toBe(expectedBranch);
    // The pure rule on the links as the services read them gives the same owner.
    expect(agreementOwner(holderLinksOf(row.links), row.preference === null ? null : Number(row.preference))).toEqual({
      memberId: expectedMember,
      branchId: expectedBranch,
    });
  });
});
