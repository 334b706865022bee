import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * The at-risk worklist (issue 11 item 7) on the demo data: staff only, the forecast the graphs page shows (one
 * calculation, so the first short day agrees), bad weeks refused with the rule's words.
 */
let server: TestServer;
let staff: string;

const LIST = `query($w: Int!) { atRiskAgreements(weeks: $w) {
  weeks asOf checked notForecast
  items { agreementId accountId memberId memberNumber memberName level firstShortDate depth topUpToAvoid
          depositToAvoid lowestPoint { date balance } } } }`;

interface Item {
  agreementId: number;
  accountId: number;
  memberId: number;
  level: string;
  firstShortDate: string;
  depth: string;
  topUpToAvoid: string;
  lowestPoint: { date: string; balance: string };
}
type ListBody = { atRiskAgreements: { weeks: number; checked: number; notForecast: number[]; items: Item[] } };

beforeAll(async () => {
  server = await startTestServer();
  staff = await server.token(...AGENT);
});
afterAll(() => server?.stop());

describe('atRiskAgreements', () => {
  it('lists the agreements that go short within the weeks, with the graphs page’s own first short day', async () => {
    const { body } = await server.graphql<ListBody>(LIST, { w: 26 }, staff);
    expect(body.errors).toBeUndefined();
    const list = body.data!.atRiskAgreements;
    expect(list.weeks).toBe(26);
    expect(list.checked).toBeGreaterThan(0);
    expect(list.items.length).toBeGreaterThan(0);
    for (const item of list.items) {
      expect(Number(item.depth)).toBeGreaterThan(0);
      expect(item.topUpToAvoid).toBe(item.depth);
      expect(item.lowestPoint.balance).toBe(`-${item.depth}`);
      expect(item.firstShortDate <= item.lowestPoint.date).toBe(true);
    }
    // The same forecast as the member's graphs page (one calculation).
    const first = list.items[0];
    const graphs = await server.graphql<{
      agreementGraphs: { forecast: { firstDateBelowZero: string | null } };
    }>(
      'query($m: Int!, $a: Int!) { agreementGraphs(memberId: $m, accountId: $a, step: 1) { forecast { firstDateBelowZero } } }',
      { m: first.memberId, a: first.accountId },
      staff,
    );
    expect(graphs.body.data!.agreementGraphs.forecast.firstDateBelowZero).toBe(first.firstShortDate);
  });

  it('narrows with fewer weeks: every item of 1 week is in the 26-week list', async () => {
    const wide = (await server.graphql<ListBody>(LIST, { w: 26 }, staff)).body.data!.atRiskAgreements.items;
    const narrow = (await server.graphql<ListBody>(LIST, { w: 1 }, staff)).body.data!.atRiskAgreements.items;
    expect(narrow.length).toBeLessThanOrEqual(wide.length);
    for (const item of narrow) expect(wide.map((w) => w.agreementId)).toContain(item.agreementId);
  });

  it.each([0, 27, -3])('refuses %i weeks with the rule’s words', async (weeks) => {
    const { body } = await server.graphql(LIST, { w: weeks }, staff);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0].message).toBe('Choose a number of weeks from 1 to 26.');
  });

  it('is staff only: a member and a reporter are refused', async () => {
    for (const [username, password] of [MEMBER_TWO_ACCOUNTS, REPORTER]) {
      const token = await server.token(username, password);
      const { body } = await server.graphql(LIST, { w: 4 }, token);
      expect(body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });
});
