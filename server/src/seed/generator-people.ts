import { addDays, addMonths, type LocalDate } from '../shared/local-date.js';
import { AgreementStatus } from '../modules/agreement/index.js';
import type { Random } from './random.js';

const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Thomas',
  'Ava',
  'James',
  'Grace',
  'Henry',
  'Chloe',
  'Lucas',
  'Zoe',
  'Leo',
  'Ruby',
  'Ethan',
  'Sophie',
  'Mason',
  'Harper',
  'Liam',
  'Ella',
  'Cooper',
  'Matilda',
  'Hudson',
  'Evie',
  'Archie',
  'Aaliyah',
  'Arjun',
  'Mei',
  'Tane',
  'Priya',
  'Kai',
];
const LAST_NAMES = [
  'Nguyen',
  'Williams',
  'Smith',
  'Brown',
  'Jones',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Tran',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Davis',
  'Wright',
  'Evans',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Singh',
  'Chen',
  'Wang',
  'Kaur',
  'Murphy',
];

export type GeneratedScenario = 'active' | 'activeRich' | 'missed' | 'locked' | 'pending' | 'resigned';

export interface GeneratedMember {
  memberNumber: number;
  firstName: string;
  lastName: string;
  email: string | null;
  mobile: string | null;
  resigned: boolean;
  /** One scenario per product account (none: the member has no account). */
  accounts: GeneratedScenario[];
  savingsAccounts: number;
}

/** A member of the generated population: mostly active agreements, some in arrears, locked, pending or resigned. */
export function generatedMember(memberNumber: number, random: Random): GeneratedMember {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  const roll = random.next();
  const resigned = roll < 0.02;
  let accounts: GeneratedScenario[];
  if (roll < 0.02) accounts = ['resigned'];
  else if (roll < 0.04) accounts = [];
  else if (roll < 0.11) accounts = ['missed'];
  else if (roll < 0.14) accounts = ['locked'];
  else if (roll < 0.18) accounts = ['pending'];
  else accounts = [random.chance(0.15) ? 'activeRich' : 'active'];
  if (accounts.length === 1 && accounts[0] !== 'pending' && random.chance(0.08)) accounts.push('pending');
  const hasEmail = random.chance(0.9);
  return {
    memberNumber,
    firstName,
    lastName,
    email: hasEmail ? `${firstName}.${lastName}.${memberNumber}@example.com`.toLowerCase() : null,
    mobile:
      !hasEmail || random.chance(0.7) ? `04${String((memberNumber * 7919) % 100_000_000).padStart(8, '0')}` : null,
    resigned,
    accounts,
    savingsAccounts: random.chance(0.3) ? 2 : 1,
  };
}

export const SCENARIO_STATUS: Record<GeneratedScenario, AgreementStatus> = {
  active: AgreementStatus.Active,
  activeRich: AgreementStatus.Active,
  missed: AgreementStatus.MissedDeposit,
  locked: AgreementStatus.Locked,
  pending: AgreementStatus.PendingApproval,
  resigned: AgreementStatus.Active,
};

/** An agreement's period: about a year of history and a year to come; pending ones start within a month. */
export function generatedPeriod(
  scenario: GeneratedScenario,
  today: LocalDate,
  random: Random,
): { start: LocalDate; end: LocalDate } {
  const start =
    scenario === 'pending' ? addDays(today, random.int(3, 30)) : addDays(addMonths(today, -12), random.int(0, 60));
  const months = scenario === 'pending' ? 12 : 24;
  return { start, end: addDays(addMonths(start, months), -1) };
}
