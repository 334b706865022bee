import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../shared/clock.js';
import { addDays, addMonths, type LocalDate } from '../shared/local-date.js';
import { Role } from '../common/auth/roles.js';
import { Account, MemberAccountLink } from '../modules/account/index.js';
import { Activity, ActivityType } from '../modules/activity/index.js';
import {
  Agreement,
  AgreementChange,
  AgreementChangeType,
  AgreementStatus,
  storeMissingPlans,
} from '../modules/agreement/index.js';
import { hashPassword } from '../modules/auth/index.js';
import { Branch } from '../modules/branch/index.js';
import { LinkedAccount } from '../modules/linked-account/index.js';
import { Member } from '../modules/member/index.js';
import { Setting } from '../modules/settings/index.js';
import { User } from '../modules/user/index.js';
import { keepSeededDepositsMissing } from '../modules/core-banking/index.js';
import { ensureCatalogue } from './catalogue.js';
import { seedDemoHistories, type DemoAgreement, type DemoScenario } from './demo-histories.js';
import { at } from './history/payments.js';

export const MEMBER_DEMO_PASSWORD = 'member-demo-pass';

/** The documented demo sign-ins (README); tests sign in with these. */
export const DEMO_LOGINS = [
  { username: 'agent', password: 'agent-demo-pass', note: 'staff (AGENT)' },
  { username: 'manager', password: 'manager-demo-pass', note: 'staff (MANAGER)' },
  { username: 'reporter', password: 'reporter-demo-pass', note: 'read-only reporting (REPORTER)' },
  { username: '100001', password: MEMBER_DEMO_PASSWORD, note: 'member: two accounts, active and pending agreements' },
  { username: '100002', password: MEMBER_DEMO_PASSWORD, note: 'member: agreement in missed deposit' },
  { username: '100003', password: MEMBER_DEMO_PASSWORD, note: 'member: locked agreement' },
  { username: '100004', password: MEMBER_DEMO_PASSWORD, note: 'member with no account' },
  { username: '100005', password: MEMBER_DEMO_PASSWORD, note: 'member whose membership is resigned' },
  { username: '100006', password: MEMBER_DEMO_PASSWORD, note: 'member: an account with no agreement yet' },
] as const;

const STAFF = [
  { username: 'agent', displayName: 'Alex Agent', roles: [Role.AGENT] },
  { username: 'manager', displayName: 'Morgan Manager', roles: [Role.MANAGER] },
  { username: 'reporter', displayName: 'Riley Reporter', roles: [Role.REPORTER] },
];

interface DemoMember {
  memberNumber: string;
  firstName: string;
  lastName: string;
  resigned?: boolean;
  /** One scenario per account; the account's current agreement has the scenario's status ('none': no agreement). */
  accounts: (DemoScenario | 'none')[];
}

const MEMBERS: DemoMember[] = [
  { memberNumber: '100001', firstName: 'Olivia', lastName: 'Nguyen', accounts: ['showcase', 'pending'] },
  { memberNumber: '100002', firstName: 'Jack', lastName: 'Williams', accounts: ['missed'] },
  { memberNumber: '100003', firstName: 'Charlotte', lastName: 'Smith', accounts: ['locked'] },
  { memberNumber: '100004', firstName: 'Noah', lastName: 'Brown', accounts: [] },
  { memberNumber: '100005', firstName: 'Amelia', lastName: 'Jones', resigned: true, accounts: ['resigned'] },
  // An account waiting for its first agreement: where staff start a new one (member.newagreement).
  { memberNumber: '100006', firstName: 'Liam', lastName: 'Taylor', accounts: ['none'] },
];

const STATUS: Record<DemoScenario, AgreementStatus> = {
  first: AgreementStatus.Renewed,
  renewal: AgreementStatus.Renewed,
  showcase: AgreementStatus.Active,
  pending: AgreementStatus.PendingApproval,
  missed: AgreementStatus.MissedDeposit,
  locked: AgreementStatus.Locked,
  resigned: AgreementStatus.Active,
};

interface Version {
  scenario: DemoScenario;
  start: LocalDate;
  end: LocalDate;
  planFrom?: LocalDate;
  planTo?: LocalDate;
  change?: AgreementChangeType;
  changeOn?: LocalDate;
}

/** The agreement versions of an account: the showcase account was created, renewed, then modified. */
function versionsOf(scenario: DemoScenario, today: LocalDate): Version[] {
  const year = (start: LocalDate, months = 24) => addDays(addMonths(start, months), -1);
  const twoYears = (start: LocalDate): Version => ({ scenario, start, end: year(start) });
  switch (scenario) {
    case 'showcase': {
      const renewedOn = addMonths(today, -10);
      const modifiedOn = addMonths(today, -7);
      const first = addMonths(renewedOn, -12);
      return [
        { scenario: 'first', start: first, end: addDays(renewedOn, -1) },
        {
          scenario: 'renewal',
          start: renewedOn,
          end: year(renewedOn),
          planTo: addDays(modifiedOn, -1),
          change: AgreementChangeType.Renewal,
          changeOn: renewedOn,
        },
        {
          scenario,
          start: renewedOn,
          end: year(renewedOn),
          planFrom: modifiedOn,
          change: AgreementChangeType.Modification,
          changeOn: modifiedOn,
        },
      ];
    }
    case 'pending':
      return [{ scenario, start: addDays(today, 14), end: year(addDays(today, 14), 12) }];
    case 'missed':
      return [twoYears(addDays(addMonths(today, -12), 10))];
    case 'locked':
      return [twoYears(addDays(addMonths(today, -12), 20))];
    default:
      return [twoYears(addDays(addMonths(today, -12), 5))];
  }
}

const SEEDED_KEY = 'demo-data';

/**
 * Loads the demo data once (a marker row remembers it), in one transaction: staff, members, their savings and product
 * accounts, and agreements with a year of history posted through the ledger (balances are derived from it).
 */
export async function seedDemoData(em: EntityManager, clock: Clock, logger: Logger): Promise<boolean> {
  if (await em.findOne(Setting, { key: SEEDED_KEY })) return false;
  const started = performance.now();
  const staffHashes = await Promise.all(DEMO_LOGINS.slice(0, 3).map((login) => hashPassword(login.password)));
  const memberHash = await hashPassword(MEMBER_DEMO_PASSWORD);
  const today = clock.today();

  await em.transactional(async (tx) => {
    // Idempotent against whatever is there (e.g. `npm run seed` first): existing branches, staff and demo members
    // are reused or left alone, never inserted twice.
    // One query at a time: a transaction is one connection (pg refuses overlapping queries on a client from 9.0).
    const branches: Branch[] = [];
    for (const name of ['Sydney CBD', 'Parramatta']) {
      branches.push((await tx.findOne(Branch, { name })) ?? tx.create(Branch, { name }));
    }
    const staff: User[] = [];
    for (const [i, person] of STAFF.entries()) {
      staff.push(
        (await tx.findOne(User, { username: person.username })) ??
          tx.create(User, { ...person, passwordHash: staffHashes[i] }),
      );
    }
    const taken = new Set(
      (
        await tx.execute<{ name: string }[]>(
          `select member_number as name from member where member_number = any(?::text[])
           union select username from app_user where username = any(?::text[])`,
          [`{${MEMBERS.map((m) => m.memberNumber).join(',')}}`, `{${MEMBERS.map((m) => m.memberNumber).join(',')}}`],
        )
      ).map((row) => row.name),
    );
    const plans: { agreement: Agreement; version: Version; member: Member; linked: LinkedAccount; index: number }[] =
      [];
    const savingsAccounts: { member: Member; account: LinkedAccount; salary: boolean }[] = [];
    let accountSeq = 0;
    let savingsSeq = 0;
    for (const [index, demo] of MEMBERS.entries()) {
      if (taken.has(demo.memberNumber)) {
        logger.warn(
          { memberNumber: demo.memberNumber },
          'demo data: member number already in use, demo member skipped',
        );
        continue;
      }
      const member = tx.create(Member, {
        memberNumber: demo.memberNumber,
        firstName: demo.firstName,
        lastName: demo.lastName,
        email: `${demo.firstName.toLowerCase()}.${demo.lastName.toLowerCase()}@example.com`,
        mobilePhone: `04${String(12_345_600 + index).padStart(8, '0')}`,
        isResigned: demo.resigned ?? false,
        branch: branches[index % branches.length],
      });
      tx.create(User, {
        username: demo.memberNumber,
        passwordHash: memberHash,
        displayName: `${demo.firstName} ${demo.lastName}`,
        roles: [Role.MEMBER],
        member,
      });
      const savings = ['Everyday', 'Bills saver'].slice(0, demo.accounts.length > 1 ? 2 : 1).map((nickname, i) =>
        tx.create(LinkedAccount, {
          member,
          accountNumber: String(30_000_000 + ++savingsSeq),
          nickname,
          isDefault: i === 0,
        }),
      );
      savings.forEach((account, i) => savingsAccounts.push({ member, account, salary: i === 0 }));
      for (const scenario of demo.accounts) {
        accountSeq += 1;
        const account = tx.create(Account, { accountNumber: String(20_000_000 + accountSeq) });
        tx.create(MemberAccountLink, { member, account });
        if (scenario === 'none') continue;
        if (scenario === 'missed') addCancelledAgreement(tx, account, member, today);
        let previous: Agreement | null = null;
        for (const [v, version] of versionsOf(scenario, today).entries()) {
          const agreement: Agreement = tx.create(Agreement, {
            account,
            status: STATUS[version.scenario],
            startDate: version.start,
            endDate: version.end,
            previous,
            version: v + 1,
          });
          plans.push({ agreement, version, member, linked: savings[0], index });
          previous = agreement;
        }
      }
    }
    await tx.flush();
    const catalogue = await ensureCatalogue(tx);
    const templates = await tx.execute<{ id: number; template_name: string }[]>(
      'select id, template_name from notification_template',
    );
    const agreements: DemoAgreement[] = plans.map(({ agreement, version, member, linked, index }) => ({
      agreementId: agreement.id,
      accountId: agreement.account.id,
      status: agreement.status,
      start: version.start,
      end: version.end,
      planFrom: version.planFrom,
      planTo: version.planTo,
      holder: {
        memberId: member.id,
        firstName: member.firstName,
        email: member.email ?? null,
        mobile: member.mobilePhone ?? null,
      },
      branchId: branches[index % branches.length].id,
      linkedAccountId: linked.id,
      scenario: version.scenario,
      change:
        version.change && agreement.previous
          ? { type: version.change, previous: agreement.previous.id, on: version.changeOn ?? version.start }
          : null,
    }));
    await seedDemoHistories(
      tx,
      {
        today,
        now: clock.now(),
        catalogue,
        staff: {
          agent: staff[0].id,
          manager: staff[1].id,
          names: { agent: staff[0].displayName, manager: staff[1].displayName },
        },
        templateIds: new Map(templates.map((row) => [row.template_name, row.id])),
      },
      agreements,
      savingsAccounts.map(({ member, account, salary }) => ({
        memberId: member.id,
        linkedAccountId: account.id,
        salary,
      })),
    );
    // Each running agreement's agreed plan, as the change applier stores it for a new one (agreement/plan/).
    await storeMissingPlans(tx);
    tx.create(Setting, { key: SEEDED_KEY, value: { loadedAt: clock.now().toISOString(), today } });
  });
  await keepSeededDepositsMissing(em.fork());
  logger.info({ ms: Math.round(performance.now() - started) }, 'demo data loaded');
  return true;
}

/** The missed-deposit member once started an agreement that was cancelled before it began (activity 9). */
function addCancelledAgreement(tx: EntityManager, account: Account, member: Member, today: LocalDate): void {
  const start = addMonths(today, -13);
  const agreement = tx.create(Agreement, {
    account,
    status: AgreementStatus.Cancelled,
    startDate: start,
    endDate: addDays(addMonths(start, 12), -1),
    cancelledAt: at(addDays(start, -3), 11),
  });
  tx.create(AgreementChange, {
    agreement,
    changeType: AgreementChangeType.Cancellation,
    changes: { reason: 'Member chose to wait for the new rental lease' },
    createdAt: at(addDays(start, -3), 11),
    appliedAt: at(addDays(start, -3), 11),
  });
  tx.create(Activity, {
    type: ActivityType.AgreementCancelled,
    occurredAt: at(addDays(start, -3), 11),
    member,
    account,
    agreement,
    details: 'Agreement cancelled before it started',
    agentName: 'Alex Agent',
  });
}
