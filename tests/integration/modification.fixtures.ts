import type { SimulationClock } from '../../server/src/modules/core-banking/simulation.js';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { cents } from '../../server/src/shared/money.js';
import type { TestServer } from '../support/server.js';
import { AGENT, MANAGER } from '../support/demo.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { salaryIntoRainyDay } from './ledger-fixture.js';
import { em, memberIdOf } from './portal-support.js';

/**
 * Modifications through the real flow (issue 26 item 8: the queueAgreementChange stand-in is gone): staff start the
 * modify wizard on the account of a running agreement (startAgreementModification: a status-9 copy of it) and, to
 * queue it, save all (saveAllAgreementChanges): a copy that changes nothing the member agreed to is staff's alone to
 * apply (agreement/member-approval/README.md), so it is queued (2) with its apply job.
 */

interface Started {
  startAgreementModification: { wizard: { agreementId: number } | null; errors: { code: string; message: string }[] };
}
interface Saved {
  saveAllAgreementChanges: {
    outcome: { agreementId: number; accountId: number; stage: string | null } | null;
    errors: { code: string; message: string }[];
  };
}

/** The account of a running agreement and a member of it (the wizard's routes are a member's account). */
async function accountOf(server: TestServer, agreementId: number): Promise<{ memberId: number; accountId: number }> {
  const [row] = await server.app.database.orm.em.fork().execute<{ member_id: number; account_id: number }[]>(
    `select l.member_id, g.account_id from agreement g join member_account_link l on l.account_id = g.account_id
       where g.id = ? and l.is_active order by l.is_primary desc, l.id limit 1`,
    [agreementId],
  );
  if (!row) throw new Error(`No member's account for agreement ${agreementId}`);
  return { memberId: Number(row.member_id), accountId: Number(row.account_id) };
}

/** Staff open a modification (9) of the running agreement in the modify wizard; answers the new version's id. */
export async function startModification(server: TestServer, agreementId: number, token?: string): Promise<number> {
  const staff = token ?? (await server.token(...AGENT));
  const { memberId, accountId } = await accountOf(server, agreementId);
  const { body } = await server.graphql<Started>(
    `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) {
       wizard { agreementId } errors { code message } } }`,
    { m: memberId, a: accountId },
    staff,
  );
  const id = body.data?.startAgreementModification.wizard?.agreementId;
  if (!id) throw new Error(`startAgreementModification: ${JSON.stringify(body)}`);
  return id;
}

/**
 * The manager approvals (types 1 and 2) a version needs, as staff get them: the agent asks with a note, a manager
 * decides from the queue (the demo's agreements are beyond the approved overdraw, so their copies need type 1 again).
 */
export async function grantNeededApprovals(server: TestServer, agreementId: number, staff: string): Promise<void> {
  const { body } = await server.graphql<{ agreementApprovals: { kinds: { approvalType: number; needed: boolean }[] } }>(
    'query($id: Int!) { agreementApprovals(agreementId: $id) { kinds { approvalType needed } } }',
    { id: agreementId },
    staff,
  );
  const needed = body.data?.agreementApprovals.kinds.filter((kind) => kind.needed) ?? [];
  if (needed.length === 0) return;
  const manager = await server.token(...MANAGER);
  for (const { approvalType } of needed) {
    const asked = await server.graphql<{ requestAgreementApproval: { approval: { approvalId: number } | null } }>(
      'mutation($id: Int!, $t: Int!) { requestAgreementApproval(agreementId: $id, approvalType: $t, note: "As before") { approval { approvalId } errors { message } } }',
      { id: agreementId, t: approvalType },
      staff,
    );
    const approvalId = asked.body.data?.requestAgreementApproval.approval?.approvalId;
    if (!approvalId) throw new Error(`requestAgreementApproval: ${JSON.stringify(asked.body)}`);
    const decided = await server.graphql<{ decideAgreementApproval: { errors: unknown[] } }>(
      'mutation($id: Int!) { decideAgreementApproval(approvalId: $id, approvalGranted: true, note: "Unchanged") { errors { message } } }',
      { id: approvalId },
      manager,
    );
    if (decided.body.data?.decideAgreementApproval.errors.length !== 0) {
      throw new Error(`decideAgreementApproval: ${JSON.stringify(decided.body)}`);
    }
  }
}

/**
 * Staff modify the running agreement and save all without changing anything the member agreed to (the manager
 * approvals it needs granted first): the new version is queued (2) with its apply job. Answers the queued version,
 * its account and stage (QUEUED).
 */
export async function queueModification(
  server: TestServer,
  agreementId: number,
  token?: string,
): Promise<{ agreementId: number; accountId: number; stage: string | null }> {
  const staff = token ?? (await server.token(...AGENT));
  const versionId = await startModification(server, agreementId, staff);
  await grantNeededApprovals(server, versionId, staff);
  const { body } = await server.graphql<Saved>(
    `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) {
       outcome { agreementId accountId stage } errors { code message } } }`,
    { id: versionId },
    staff,
  );
  const outcome = body.data?.saveAllAgreementChanges.outcome;
  if (!outcome || outcome.stage !== 'QUEUED') throw new Error(`saveAllAgreementChanges: ${JSON.stringify(body)}`);
  return outcome;
}

/** The in-force agreement of a member two weeks before its term ends, with money enough to cover the rest of it. */
export interface LastWeeks {
  agreementId: number;
  accountId: number;
  memberId: number;
  linkedAccountId: number;
  endDate: LocalDate;
  today: LocalDate;
}

/**
 * Moves the server's clock to two weeks before the term of the member's agreement in force ends, with everything due
 * before then paid and received (as the bank days in between would have: a setup shortcut), and $5,000 of the
 * member's money put into its rainy day, so that what it holds covers its bills to the end date.
 */
export async function twoWeeksBeforeTheEnd(
  server: TestServer,
  clock: SimulationClock,
  memberNumber: string,
): Promise<LastWeeks> {
  const { agreementId, accountId } = await agreementInForce(server, memberNumber);
  const [{ end_date: endDate }] = await sql<{ end_date: LocalDate }>(
    server,
    'select end_date::text as end_date from agreement where id = ?',
    [agreementId],
  );
  clock.setAt(addDays(endDate, -14), 10);
  const today = server.app.services.clock.today();
  await sql(
    server,
    `update scheduled_deposit set status = 1, received_amount = expected_amount where agreement_id = ? and due_date < ?::date`,
    [agreementId, today],
  );
  await sql(server, `update bill set status = 2 where agreement_id = ? and due_date < ?::date`, [agreementId, today]);
  const memberId = await memberIdOf(server, memberNumber);
  const [{ id: linkedAccountId }] = await sql<{ id: number }>(
    server,
    'select id from linked_account where member_id = ? and is_active order by id limit 1',
    [memberId],
  );
  await em(server).transactional((tx) =>
    salaryIntoRainyDay(tx, { memberId, agreementId, linkedAccountId, amount: cents(5_000_00), date: today }),
  );
  return { agreementId, accountId, memberId, linkedAccountId, endDate, today };
}
