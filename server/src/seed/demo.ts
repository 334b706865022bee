import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Clock } from '../common/clock.js';
import { addDays, addMonths } from '../common/local-date.js';
import { parseMoney } from '../common/money.js';
import { Role } from '../common/auth/roles.js';
import { Account } from '../modules/account/account.entity.js';
import { MemberAccountLink } from '../modules/account/member-account-link.entity.js';
import { Agreement } from '../modules/agreement/agreement.entity.js';
import { AgreementStatus } from '../modules/agreement/agreement-status.js';
import { hashPassword } from '../modules/auth/password.js';
import { Branch } from '../modules/branch/branch.entity.js';
import { Member } from '../modules/member/member.entity.js';
import { Setting } from '../modules/settings/setting.entity.js';
import { User } from '../modules/user/user.entity.js';

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
  /** One agreement status per account. */
  accounts: AgreementStatus[];
}

const MEMBERS: DemoMember[] = [
  {
    memberNumber: '100001',
    firstName: 'Olivia',
    lastName: 'Nguyen',
    accounts: [AgreementStatus.Active, AgreementStatus.PendingApproval],
  },
  { memberNumber: '100002', firstName: 'Jack', lastName: 'Williams', accounts: [AgreementStatus.MissedDeposit] },
  { memberNumber: '100003', firstName: 'Charlotte', lastName: 'Smith', accounts: [AgreementStatus.Locked] },
  { memberNumber: '100004', firstName: 'Noah', lastName: 'Brown', accounts: [] },
  {
    memberNumber: '100005',
    firstName: 'Amelia',
    lastName: 'Jones',
    resigned: true,
    accounts: [AgreementStatus.Active],
  },
];

const SEEDED_KEY = 'demo-data';

/** Loads the demo data once (a marker row remembers it), in one transaction. */
export async function seedDemoData(em: EntityManager, clock: Clock, logger: Logger): Promise<boolean> {
  if (await em.findOne(Setting, { key: SEEDED_KEY })) return false;
  const staffHashes = await Promise.all(DEMO_LOGINS.slice(0, 3).map((login) => hashPassword(login.password)));
  const memberHash = await hashPassword(MEMBER_DEMO_PASSWORD);
  const today = clock.today();

  await em.transactional(async (tx) => {
    const branches = ['Sydney CBD', 'Parramatta'].map((name) => tx.create(Branch, { name }));
    STAFF.forEach((staff, i) => tx.create(User, { ...staff, passwordHash: staffHashes[i] }));
    let accountSeq = 0;
    for (const [index, demo] of MEMBERS.entries()) {
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
      for (const status of demo.accounts) {
        accountSeq += 1;
        const account = tx.create(Account, { accountNumber: String(20_000_000 + accountSeq) });
        tx.create(MemberAccountLink, { member, account });
        const startDate = status === AgreementStatus.PendingApproval ? addDays(today, 14) : addMonths(today, -6);
        tx.create(Agreement, {
          account,
          status,
          startDate,
          endDate: addDays(addMonths(startDate, 12), -1),
          contributionFrequency: 2,
          depositAmount: parseMoney('185.00'),
        });
      }
    }
    tx.create(Setting, { key: SEEDED_KEY, value: { loadedAt: clock.now().toISOString() } });
  });
  logger.info('demo data loaded');
  return true;
}
