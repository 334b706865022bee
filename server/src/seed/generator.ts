import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, type LocalDate } from '../shared/local-date.js';
import { allocateIds, idSequence, insertRows, type BulkColumn, type BulkRow } from '../database/bulk.js';
import { LedgerAccountKind, LedgerService } from '../modules/ledger/index.js';
import { storeMissingPlans } from '../modules/agreement/index.js';
import { savingsAccountCredits } from './core-banking.js';
import { planGenerated } from './generator-plan.js';
import { setUp, type Setup } from './generator-setup.js';
import { generatedMember, generatedPeriod, SCENARIO_STATUS } from './generator-people.js';
import { at } from './history/payments.js';
import type { AgreementHistory } from './history/types.js';
import { writeHistories } from './history/writer.js';
import { createRandom } from './random.js';

export { FIRST_GENERATED_MEMBER } from './generator-setup.js';

export interface GenerateOptions {
  members: number;
  today: LocalDate;
  /** Members per database transaction. */
  batchSize?: number;
  /**
   * Batches written at once, each on its own connection (1 on the embedded database, which has one backend). While
   * one batch waits for PostgreSQL the next one is planned, so two keep both cores busy.
   */
  concurrency?: number;
  onBatch?: (progress: { members: number; rows: number; ms: number }) => void;
}

export interface GenerateResult {
  firstMemberNumber: number;
  members: number;
  rows: number;
  ms: number;
}

const ANALYZED_TABLES = [
  'member',
  'app_user',
  'linked_account',
  'account',
  'member_account_link',
  'agreement',
  'biller',
  'billing_sub_category',
  'bill',
  'scheduled_deposit',
  'ledger_account',
  'ledger_transaction',
  'ledger_entry',
  'bill_money_source',
  'activity',
  'note',
  'approval',
  'notification',
  'agreement_change',
];

const col = (spec: string): BulkColumn[] =>
  spec.split(/\s*,\s*/).map((pair) => {
    const [name, type] = pair.split(':');
    return { name, type: (type ?? 'text') as BulkColumn['type'] };
  });

const MEMBER = col(
  'id:int, member_number, first_name, last_name, email, mobile_phone, is_resigned:boolean, branch_id:int, created_at:timestamptz',
);
const USER = col('username, password_hash, display_name, roles:text[], member_id:int, created_at:timestamptz');
const LINKED = col('id:int, member_id:int, account_number, nickname, is_default:boolean, created_at:timestamptz');
const ACCOUNT = col('id:int, account_number, created_at:timestamptz');
const LINK = col('member_id:int, account_id:int');
const AGREEMENT = col('id:int, account_id:int, status:smallint, start_date:date, end_date:date');
const POCKETS = col('kind:smallint, agreement_id:int, linked_account_id:int');

/**
 * `npm run seed -- --members N`: N more members shaped like the demo ones (savings and product accounts, agreements,
 * billers, bills, a year of ledger postings, activities), written set-based in batches, one transaction each.
 */
export async function generateMembers(em: EntityManager, options: GenerateOptions): Promise<GenerateResult> {
  const started = performance.now();
  const setup = await setUp(em.fork());
  const batchSize = options.batchSize ?? 250;
  let rows = 0;
  let members = 0;
  let next = 0;
  const worker = async () => {
    for (let start = next; start < options.members; start = next) {
      next += batchSize;
      const count = Math.min(batchSize, options.members - start);
      const written = await em
        .fork()
        .transactional((tx) => writeBatch(tx, setup, setup.firstMemberNumber + start, count, options.today));
      rows += written;
      members += count;
      options.onBatch?.({ members, rows, ms: performance.now() - started });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  // Fresh statistics after a bulk load: without them the planner guesses (check:ledger ran 3x slower).
  await em.fork().execute(`analyze ${ANALYZED_TABLES.join(', ')}`);
  return {
    firstMemberNumber: setup.firstMemberNumber,
    members: options.members,
    rows,
    ms: performance.now() - started,
  };
}

async function writeBatch(
  em: EntityManager,
  setup: Setup,
  firstNumber: number,
  count: number,
  today: LocalDate,
): Promise<number> {
  const people = Array.from({ length: count }, (_, i) => {
    const number = firstNumber + i;
    return { number, random: createRandom(`member:${number}:${today}`) };
  }).map(({ number, random }) => ({ person: generatedMember(number, random), random }));
  const memberIds = await allocateIds(em, idSequence('member'), count);
  const linkedIds = await allocateIds(
    em,
    idSequence('linked_account'),
    people.reduce((n, p) => n + p.person.savingsAccounts, 0),
  );
  const accountIds = await allocateIds(
    em,
    idSequence('account'),
    people.reduce((n, p) => n + p.person.accounts.length, 0),
  );
  const agreementIds = await allocateIds(em, idSequence('agreement'), accountIds.length);
  const created = at(addDays(today, -400), 9).toISOString();
  const rows = {
    members: [] as BulkRow[],
    users: [] as BulkRow[],
    linked: [] as BulkRow[],
    accounts: [] as BulkRow[],
    links: [] as BulkRow[],
    agreements: [] as BulkRow[],
    pockets: [] as BulkRow[],
  };
  const histories: AgreementHistory[] = [];
  let [l, a] = [0, 0];
  people.forEach(({ person, random }, index) => {
    const memberId = memberIds[index];
    const branchId = setup.branchIds[person.memberNumber % setup.branchIds.length];
    rows.members.push({
      id: memberId,
      member_number: String(person.memberNumber),
      first_name: person.firstName,
      last_name: person.lastName,
      email: person.email,
      mobile_phone: person.mobile,
      is_resigned: person.resigned,
      branch_id: branchId,
      created_at: created,
    });
    rows.users.push({
      username: String(person.memberNumber),
      password_hash: setup.passwordHash,
      display_name: `${person.firstName} ${person.lastName}`,
      roles: ['MEMBER'],
      member_id: memberId,
      created_at: created,
    });
    const savings = linkedIds.slice(l, (l += person.savingsAccounts));
    savings.forEach((id, i) => {
      rows.linked.push({
        id,
        member_id: memberId,
        account_number: `5${person.memberNumber}${i}`,
        nickname: i === 0 ? 'Everyday' : 'Bills saver',
        is_default: i === 0,
        created_at: created,
      });
      rows.pockets.push({ kind: LedgerAccountKind.LinkedAccount, agreement_id: null, linked_account_id: id });
    });
    person.accounts.forEach((scenario, k) => {
      const accountId = accountIds[a];
      const agreementId = agreementIds[a++];
      const period = generatedPeriod(scenario, today, random);
      rows.accounts.push({ id: accountId, account_number: `4${person.memberNumber}${k}`, created_at: created });
      rows.links.push({ member_id: memberId, account_id: accountId });
      rows.agreements.push({
        id: agreementId,
        account_id: accountId,
        status: SCENARIO_STATUS[scenario],
        start_date: period.start,
        end_date: period.end,
      });
      for (const kind of [LedgerAccountKind.Allocation, LedgerAccountKind.Contingency, LedgerAccountKind.RainyDay]) {
        rows.pockets.push({ kind, agreement_id: agreementId, linked_account_id: null });
      }
      histories.push(
        planGenerated(setup, {
          memberId,
          accountId,
          agreementId,
          period,
          scenario,
          random,
          today,
          branchId,
          linkedAccountId: savings[0],
          person,
          ddBase: (person.memberNumber - 200_000) * 20 + k * 10,
        }),
      );
    });
  });
  let written = 0;
  written += await insertRows(em, 'member', MEMBER, rows.members);
  written += await insertRows(em, 'app_user', USER, rows.users);
  written += await insertRows(em, 'linked_account', LINKED, rows.linked);
  written += await insertRows(em, 'account', ACCOUNT, rows.accounts);
  written += await insertRows(em, 'member_account_link', LINK, rows.links);
  written += await insertRows(em, 'agreement', AGREEMENT, rows.agreements);
  written += await insertRows(em, 'ledger_account', POCKETS, rows.pockets);
  // Core banking funded each member's everyday account with what the year's deposits and top-ups took, and more.
  const spentBy = new Map<number, number>();
  for (const history of histories) {
    for (const line of history.postings.flatMap((posting) => posting.lines)) {
      if ('linkedAccountId' in line.account && line.amount < 0) {
        spentBy.set(line.account.linkedAccountId, (spentBy.get(line.account.linkedAccountId) ?? 0) - line.amount);
      }
    }
  }
  const credits = savingsAccountCredits(
    rows.linked.map((row, i) => ({
      memberId: row.member_id as number,
      linkedAccountId: row.id as number,
      opening: (spentBy.get(row.id as number) ?? 0) + (((i * 7919) % 8_500) + 500) * 100,
      monthly: 0,
      from: addDays(today, -430),
      today,
    })),
  );
  await new LedgerService().postMany(em, credits);
  written += credits.length * 3;
  written += (await writeHistories(em, histories, setup.staff, setup.templateIds)).rows;
  // Each running agreement's agreed plan, as the change applier stores it for a new one (agreement/plan/).
  await storeMissingPlans(em, agreementIds);
  return written;
}
