import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { parseMoney } from '../../server/src/shared/money.js';
import { AGENT, MEMBER_MISSED_DEPOSIT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { accountWithStatus, gql, memberIdOf, session, sql, type Session } from './portal-support.js';

/**
 * Issue 24 item 2, the deposit that reviews itself, on the demo data (the browser tests' day): 100001's active
 * agreement's per-bill table read by the member, staff and the reporting role alike, its figures checked against the
 * bill rows themselves, and the deposit proposed checked against the shortfall fix's raise (the same forecast).
 */

const FIGURES = `estimate paidSoFar estimateOfPaid billsPaid stillToCome billsToCome expectedByTermEnd difference
  contingency { setAside used toRainyDay heldForBillsToCome }`;
const REVIEW = `query($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) {
  accountId agreementId asOf rows { billerKey name amountVaries ${FIGURES} } totals { ${FIGURES} }
  proposal { currentDeposit topUpFirst proposedDeposit change deposits from endOfTermBalance lowestBalance
    reasons { billerKey perDeposit words } summary }
  due { due reason nextScheduled } } }`;
const FIXES = `query($m: Int!, $a: Int!) { shortfallFixes(memberId: $m, accountId: $a) { fixes { kind amount } } }`;

interface Figures {
  estimate: string;
  paidSoFar: string;
  estimateOfPaid: string;
  billsPaid: number;
  stillToCome: string;
  billsToCome: number;
  expectedByTermEnd: string;
  difference: string;
  contingency: { setAside: string; used: string; toRainyDay: string; heldForBillsToCome: string };
}
interface Review {
  accountId: number;
  agreementId: number;
  asOf: string;
  rows: (Figures & { billerKey: string; name: string; amountVaries: boolean })[];
  totals: Figures;
  proposal: {
    currentDeposit: string;
    topUpFirst: string;
    proposedDeposit: string | null;
    change: string;
    deposits: number;
    from: string | null;
    reasons: { billerKey: string | null; perDeposit: string; words: string }[];
    summary: string;
  } | null;
  due: { due: boolean; reason: string | null; nextScheduled: string } | null;
}

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;
const UNPAID = '0, 1, 4, 5, 6';
let server: TestServer;
let mary: Session;
let maryId: number;
let accountId: number;
let agreementId: number;

async function review(who: Session): Promise<Review | null> {
  const body = await gql<{ depositReview: Review | null }>(server, who, REVIEW, { m: maryId, a: accountId });
  expect(body.errors).toBeUndefined();
  return body.data!.depositReview;
}

const money = (text: string) => parseMoney(text);

beforeAll(async () => {
  server = await startTestServer({ clock: fixedClock(TODAY, startOfRunOn(TODAY)) });
  mary = await session(server, MEMBER_TWO_ACCOUNTS);
  maryId = await memberIdOf(server, MEMBER_TWO_ACCOUNTS[0]);
  ({ accountId, agreementId } = await accountWithStatus(server, maryId, 7));
});
afterAll(() => server?.stop());

describe('depositReview', () => {
  it('shows the member, staff and the reporting role the same per-bill table of the current agreement', async () => {
    const answer = (await review(mary))!;
    expect(answer).toMatchObject({ accountId, agreementId, asOf: TODAY });
    expect(answer.rows.length).toBeGreaterThan(0);
    expect(await review(await session(server, AGENT))).toEqual(answer);
    expect(await review(await session(server, REPORTER))).toEqual(answer);
  });

  it('reads each row off the bills of the term, its biller’s earlier versions’ paid bills included', async () => {
    const answer = (await review(mary))!;
    const [agreement] = await sql<{ start_date: string; end_date: string }>(
      server,
      'select start_date::text, end_date::text from agreement where id = ?',
      [agreementId],
    );
    for (const row of answer.rows) {
      const [kind, id] = row.billerKey.split(':');
      const [table, column] =
        kind === 'biller' ? ['biller', 'biller_id'] : ['billing_sub_category', 'billing_sub_category_id'];
      const [facts] = await sql<{ paid: string; paid_estimate: string; coming: string; n_paid: number; used: string }>(
        server,
        `with recursive chain(id) as (
           select ?::int union all select b.previous_id from ${table} b join chain c on b.id = c.id
            where b.previous_id is not null)
         select coalesce(sum(paid_amount + amount_owing) filter (where status not in (${UNPAID})), 0)::text as paid,
                coalesce(sum(expected_amount) filter (where status not in (${UNPAID})), 0)::text as paid_estimate,
                coalesce(sum(expected_amount) filter (where status in (${UNPAID}) and agreement_id = ?), 0)::text
                  as coming,
                (count(*) filter (where status not in (${UNPAID})))::int as n_paid,
                coalesce(sum((select sum(m.amount) from bill_money_source m where m.bill_id = bill.id and m.source = 2))
                  filter (where status not in (${UNPAID})), 0)::text as used
           from bill where ${column} in (select id from chain) and due_date between ?::date and ?::date`,
        [Number(id), agreementId, agreement.start_date, agreement.end_date],
      );
      expect(money(row.paidSoFar), row.name).toBe(money(facts.paid));
      expect(money(row.estimateOfPaid), row.name).toBe(money(facts.paid_estimate));
      expect(money(row.stillToCome), row.name).toBe(money(facts.coming));
      expect(money(row.contingency.used), row.name).toBe(money(facts.used));
      expect(row.billsPaid).toBe(facts.n_paid);
      expect(money(row.expectedByTermEnd)).toBe(money(row.paidSoFar) + money(row.stillToCome));
      expect(money(row.estimate)).toBe(money(row.estimateOfPaid) + money(row.stillToCome));
      expect(money(row.difference)).toBe(money(row.expectedByTermEnd) - money(row.estimate));
    }
    const total = (pick: (row: Figures) => string) => answer.rows.reduce((sum, row) => sum + money(pick(row)), 0);
    expect(money(answer.totals.expectedByTermEnd)).toBe(total((row) => row.expectedByTermEnd));
    expect(money(answer.totals.contingency.used)).toBe(total((row) => row.contingency.used));
  });

  it('takes the bills still to come from the projection: together they are what the forecast takes out', async () => {
    const answer = (await review(mary))!;
    const [coming] = await sql<{ total: string }>(
      server,
      `select coalesce(sum(b.expected_amount), 0)::text as total from bill b
         join agreement g on g.id = b.agreement_id
         left join biller r on r.id = b.biller_id left join billing_sub_category s on s.id = b.billing_sub_category_id
        where b.agreement_id = ? and b.status in (${UNPAID}) and b.due_date <= g.end_date
          and coalesce(r.status, s.status) <> 3`,
      [agreementId],
    );
    expect(money(answer.totals.stillToCome)).toBe(money(coming.total));
  });

  it('proposes a deposit explained to the cent, after a top-up of what the days before the next deposit lack', async () => {
    const answer = (await review(mary))!;
    const proposal = answer.proposal!;
    expect(proposal.proposedDeposit).not.toBeNull();
    const reasons = proposal.reasons.reduce((sum, reason) => sum + money(reason.perDeposit), 0);
    expect(reasons).toBe(money(proposal.change));
    expect(money(proposal.proposedDeposit!) - money(proposal.currentDeposit)).toBe(money(proposal.change));
    const fixes = await gql<{ shortfallFixes: { fixes: { kind: string; amount: string }[] } | null }>(
      server,
      mary,
      FIXES,
      { m: maryId, a: accountId },
    );
    const raise = fixes.data!.shortfallFixes?.fixes.find((fix) => fix.kind === 'Raise');
    // The review also keeps each bill's contingency: never less than the raise that only avoids the short day.
    if (raise) expect(money(proposal.proposedDeposit!)).toBeGreaterThanOrEqual(money(raise.amount));
    // 100001's forecast is short today, before any deposit: the top-up now the shortfall fixes offer covers that part.
    expect(money(proposal.topUpFirst)).toBeGreaterThan(0);
    expect(proposal.summary).toMatch(/^Top up \$[\d,.]+ now for the days before the next deposit/);
    // A deficit of more than one deposit: a review is due now.
    expect(answer.due).toMatchObject({ due: true, reason: 'Deficit' });
  });

  it('refuses another member’s account as any member page does', async () => {
    const jack = await session(server, MEMBER_MISSED_DEPOSIT);
    const body = await gql<{ depositReview: Review | null }>(server, jack, REVIEW, { m: maryId, a: accountId });
    expect(body.errors?.[0]?.message).toMatch(/do not have access/);
    expect(body.data?.depositReview ?? null).toBeNull();
  });
});
