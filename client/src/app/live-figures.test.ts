import { parse, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from '../gql/graphql';
import {
  announcedFor,
  CARRIED_BY,
  createFiguresRefresher,
  documentVisibility,
  figuresChangeOf,
  figuresRefresherOf,
  FORGOTTEN_WHEN_CLOSED,
  LIVE_QUERIES,
  noteAnnounced,
  PARTS_OF,
  planRefresh,
  QUERIES_OF_REASON,
  type RefreshableClient,
  refreshTiming,
  union,
} from './live-figures';

/** Every query of the client's documents (the generated ones): operation name → its root fields. */
function clientQueries(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const value of Object.values(generated) as unknown[]) {
    const document = value as Partial<DocumentNode>;
    if (document?.kind !== 'Document' || !document.definitions) continue;
    for (const definition of document.definitions) {
      if (definition.kind !== 'OperationDefinition' || definition.operation !== 'query' || !definition.name) continue;
      const fields = definition.selectionSet.selections.flatMap((s) => (s.kind === 'Field' ? [s.name.value] : []));
      found.set(definition.name.value, fields);
    }
  }
  return found;
}

describe('the live queries', () => {
  it('name queries the client has, with the root fields they read', () => {
    const queries = clientQueries();
    expect(queries.size).toBeGreaterThan(40); // the generated documents were found
    for (const [name, fields] of Object.entries({ ...LIVE_QUERIES, ...FORGOTTEN_WHEN_CLOSED })) {
      expect(queries.get(name), name).toEqual(fields);
    }
  });
});

describe('figuresChangeOf: one announcement of the server', () => {
  const waiting = ['WAITING_CHANGE_STAGE'] as const;
  it.each([
    ['a status changed: every screen of its accounts', [7], false, ['STATUS_CHANGED'], { accountIds: new Set([7]) }],
    ['a bank day: every screen of every account', [], true, ['BANK_DAY'], { accountIds: null }],
    [
      'a change waiting behind the agreement in force, now applying: only its own pages',
      [7],
      false,
      waiting,
      { accountIds: new Set([7]), queries: new Set(['AgreementView', 'AgreementChangeReview']) },
    ],
    [
      'the same with money moved in its transaction: every screen',
      [7],
      false,
      ['MONEY_MOVED', 'WAITING_CHANGE_STAGE'],
      { accountIds: new Set([7]) },
    ],
    [
      'an open deposit review worked out again: its panel and the staff worklist',
      [7],
      false,
      ['DEPOSIT_REVIEWED'],
      { accountIds: new Set([7]), queries: new Set(['DepositReview', 'StaffWorklist']) },
    ],
    ['a reconnection (LISTENING): every screen', [], false, ['LISTENING'], { accountIds: null }],
  ] as const)('%s', (_name, accountIds, everyAccount, reasons, change) => {
    expect(figuresChangeOf({ accountIds, everyAccount, reasons })).toEqual(change);
  });

  it('narrows only to live queries', () => {
    for (const names of Object.values(QUERIES_OF_REASON)) {
      for (const name of names ?? []) expect(Object.keys(LIVE_QUERIES), name).toContain(name);
    }
  });
});

const ALL = { accountIds: null };
const only = (...ids: number[]) => ({ accountIds: new Set(ids) });

describe('planRefresh', () => {
  it('fetches the open figures again and forgets the closed ones', () => {
    const plan = planRefresh(
      [
        { name: 'OverviewPage', variables: { memberId: 1, accountId: 7, staff: false, page: 1, pageSize: 20 } },
        { name: 'ClientSettings', variables: {} },
        { name: 'AgreementView', variables: { agreementId: 3 } },
      ],
      only(7),
    );
    expect(plan.refetch).toEqual([0, 2]);
    expect(plan.evict).toContain('billsDueForPayment');
    expect(plan.evict).toContain('billDetails');
    expect(plan.evict).not.toContain('accountOverview');
    // The overview's one query reads the activities' first page and the layout's account: kept.
    expect(plan.evict).not.toContain('activities');
    expect(plan.evict).not.toContain('memberAccount');
    expect(plan.evict).not.toContain('agreement');
  });

  it.each([
    ['another account’s overview is left as it is', only(8), []],
    ['every account (a bank day) refetches it', ALL, [0]],
    ['its own account refetches it', only(8, 7), [0]],
  ])('%s', (_name, change, refetch) => {
    const plan = planRefresh([{ name: 'OverviewPage', variables: { accountId: 7 } }], change);
    expect(plan.refetch).toEqual(refetch);
  });

  it('narrowed to some queries (an activity added), asks only those and forgets only what they read', () => {
    const plan = planRefresh(
      [
        { name: 'OverviewPage', variables: { accountId: 7 } },
        { name: 'MemberAccount', variables: { accountId: 7 } },
        { name: 'Activities', variables: { accountId: 7, page: 2 } },
      ],
      { accountIds: new Set([7]), queries: new Set(['Activities', 'OverviewPage', 'TransactionDetails']) },
    );
    expect(plan.refetch).toEqual([0, 2]);
    expect(plan.evict).toEqual(['transaction']);
  });

  it('asks an open overview’s activity list alone for a change that concerns only the lists (an activity added)', () => {
    const open = [
      { name: 'OverviewPage', variables: { accountId: 7 } },
      { name: 'MemberAccount', variables: { accountId: 7 } },
      { name: 'Activities', variables: { accountId: 7, page: 2 } },
      { name: 'OverviewPage', variables: { accountId: 8 } },
    ];
    const plan = planRefresh(open, { accountIds: new Set([7]), queries: new Set(['Activities']) });
    expect(plan.refetch).toEqual([2]);
    expect(plan.parts).toEqual([{ index: 0, query: 'Activities' }]);
    expect(plan.evict).toEqual([]); // the overview reads the activities
    // A change of every figure of the account asks the whole page, not a part; the layout's account rides with it.
    expect(planRefresh(open, only(7))).toMatchObject({ refetch: [0, 2], parts: [] });
  });

  it('asks the overview alone, not the account, the day and the hardship case it carries (one request, not four)', () => {
    const page = { memberId: 1, accountId: 7, staff: false, filters: ['Payment'], page: 1, pageSize: 20 };
    const open = [
      { name: 'InstitutionDay', variables: {} },
      { name: 'MemberAccount', variables: { memberId: 1, accountId: 7 } },
      { name: 'OverviewPage', variables: page },
      { name: 'HardshipCase', variables: { memberId: 1, accountId: 7 } },
      { name: 'Activities', variables: { ...page, page: 2 } }, // another page of the list: not the overview's
      { name: 'AgreementView', variables: { agreementId: 3 } },
    ];
    expect(planRefresh(open, only(7)).refetch).toEqual([2, 4, 5]);
    // Without the overview (the hardship screen, the bills), each is asked.
    expect(planRefresh([open[0], open[1], open[3]], only(7)).refetch).toEqual([0, 1, 2]);
    // Not carried when its arguments differ (another member's link to the account) or when the page is not asked.
    expect(
      planRefresh([open[2], { name: 'MemberAccount', variables: { memberId: 2, accountId: 7 } }], only(7)).refetch,
    ).toEqual([0, 1]);
    expect(planRefresh(open, { ...only(7), queries: new Set(['InstitutionDay']) }).refetch).toEqual([0]);
  });

  it('has carried queries that are live queries reading root fields of their carrier', () => {
    for (const [carrier, carried] of Object.entries(CARRIED_BY)) {
      for (const name of carried) {
        expect(LIVE_QUERIES[name], name).toBeDefined();
        for (const field of LIVE_QUERIES[name]) expect(LIVE_QUERIES[carrier]).toContain(field);
      }
    }
  });

  it('has parts that are live queries reading a root field of their carrier', () => {
    for (const [carrier, parts] of Object.entries(PARTS_OF)) {
      for (const part of parts) {
        expect(LIVE_QUERIES[part], part).toBeDefined();
        for (const field of LIVE_QUERIES[part]) expect(LIVE_QUERIES[carrier]).toContain(field);
      }
    }
  });

  it('never forgets the settings the overview’s query reads (the shell reads them all the time)', () => {
    const plan = planRefresh([{ name: 'ClientSettings', variables: {} }], ALL);
    expect(plan.evict).toContain('accountOverview');
    expect(plan.evict).not.toContain('clientSettings');
  });

  it('refetches queries without an account id (staff lists, an agreement) for any account', () => {
    const plan = planRefresh(
      [
        { name: 'StaffWorklist', variables: {} },
        { name: 'AtRiskAgreements', variables: { weeks: 8 } },
      ],
      only(99),
    );
    expect(plan.refetch).toEqual([0, 1]);
  });

  it('keeps the pay form’s inputs while open (no refetch) and does not forget what an open query reads', () => {
    const plan = planRefresh(
      [
        { name: 'BillToPay', variables: { billId: 4 } },
        { name: 'Profile', variables: { memberId: 1, accountId: 7 } },
      ],
      ALL,
    );
    expect(plan.refetch).toEqual([]);
    expect(plan.evict).not.toContain('billDetails');
    expect(plan.evict).not.toContain('profile'); // BillLinkedAccounts is closed, but Profile reads the same field
  });
});

const names = (...queries: string[]) => new Set(queries);

describe('union', () => {
  it.each([
    ['two accounts', only(7), only(8), { accountIds: new Set([7, 8]) }],
    ['every account when either is', ALL, only(8), { accountIds: null }],
    [
      'the queries of both when both are narrowed',
      { ...only(7), queries: names('Activities') },
      { ...only(7), queries: names('OverviewPage') },
      { accountIds: new Set([7]), queries: names('Activities', 'OverviewPage') },
    ],
    ['every query when either concerns them all', { ...only(7), queries: names('Activities') }, only(7), only(7)],
  ])('%s', (_name, a, b, merged) => {
    expect(union(a, b)).toEqual(merged);
    expect(union(null, b)).toEqual(b);
  });
});

describe('refreshTiming', () => {
  it.each([
    ['a visible tab asks at once', false, false, 'now'],
    [
      'a visible tab asks after the refresh running (its answers may predate the change)',
      false,
      true,
      'after the running one',
    ],
    ['a hidden tab holds the change until it is shown', true, false, 'when shown'],
    ['a hidden tab holds it even while a refresh runs', true, true, 'when shown'],
  ] as const)('%s', (_name, hidden, running, timing) => {
    expect(refreshTiming({ hidden, running })).toBe(timing);
  });
});

/** A browser tab's document as the refresher reads it: its visibility, and `visibilitychange` when it changes. */
class FakeDocument extends EventTarget {
  constructor(public visibilityState: DocumentVisibilityState) {
    super();
  }

  become(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('documentVisibility', () => {
  it('reads the document’s visibility and calls back once, when the tab is next shown', () => {
    const doc = new FakeDocument('hidden');
    const tab = documentVisibility(doc);
    let shown = 0;
    expect(tab.hidden()).toBe(true);
    tab.whenShown(() => shown++);
    doc.become('hidden');
    expect(shown).toBe(0);
    doc.become('visible');
    expect(tab.hidden()).toBe(false);
    doc.become('hidden');
    doc.become('visible');
    expect(shown).toBe(1);
  });

  it('outside a browser, is a tab always seen', () => {
    expect(documentVisibility(undefined).hidden()).toBe(false);
  });
});

/**
 * A client with these queries open whose refetches wait until `releaseAll`; `refetched` records each as `label` says
 * (its name by default).
 */
function fakeClient(
  open: readonly { queryName: string; variables: Record<string, unknown> }[],
  label: (name: string, variables: Record<string, unknown> | undefined) => string = (name) => name,
) {
  const refetched: string[] = [];
  const evicted: string[] = [];
  const releases: (() => void)[] = [];
  const client: RefreshableClient = {
    getObservableQueries: () =>
      new Set(
        open.map((q) => ({
          ...q,
          query: parse(`query ${q.queryName} { x }`),
          refetch: () => {
            refetched.push(`${label(q.queryName, q.variables)} (its watch)`);
            return new Promise<void>((resolve) => releases.push(resolve));
          },
        })),
      ),
    query: ({ query, variables }) => {
      const definition = query.definitions[0];
      refetched.push(label(definition.kind === 'OperationDefinition' ? (definition.name?.value ?? '') : '', variables));
      return new Promise<void>((resolve) => releases.push(resolve));
    },
    cache: {
      evict: ({ fieldName }) => {
        evicted.push(fieldName);
        return true;
      },
      gc: () => [],
    },
  };
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  return { client, refetched, evicted, releaseAll };
}

describe('createFiguresRefresher', () => {
  it('merges the changes heard while a refresh runs into one more refresh', async () => {
    const fake = fakeClient([{ queryName: 'OverviewPage', variables: { accountId: 7 } }]);
    const refresh = createFiguresRefresher(fake.client);
    const first = refresh(only(7));
    await Promise.resolve();
    expect(fake.refetched).toEqual(['OverviewPage']);
    void refresh(only(7));
    void refresh(only(7));
    const last = refresh(only(8));
    fake.releaseAll(); // the first refresh ends; the three changes heard meanwhile make one more
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.refetched).toEqual(['OverviewPage', 'OverviewPage']);
    fake.releaseAll();
    await Promise.all([first, last]);
    expect(fake.evicted).toContain('agreement');
  });

  it('is one per client: announcements, new activities and an applied change share its queue', async () => {
    const fake = fakeClient([{ queryName: 'OverviewPage', variables: { accountId: 7 } }]);
    const first = figuresRefresherOf(fake.client)(only(7)); // the server's announcement
    await Promise.resolve();
    void figuresRefresherOf(fake.client)({ ...only(7), queries: names('Activities', 'OverviewPage') }); // activities
    const applied = figuresRefresherOf(fake.client)(only(7)); // the change applied
    expect(figuresRefresherOf(fake.client)).toBe(figuresRefresherOf(fake.client));
    fake.releaseAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    fake.releaseAll();
    await Promise.all([first, applied]);
    expect(fake.refetched).toEqual(['OverviewPage', 'OverviewPage']); // 2, not 3
  });
});

describe('createFiguresRefresher on the overview, after a change is applied', () => {
  it('asks the overview’s query once: the activities added after it ask the list alone, with the page’s variables', async () => {
    const variables = { memberId: 1, accountId: 7, staff: false, filters: ['Payment'], page: 1, pageSize: 20 };
    const asked: { name: string; variables: unknown; errorPolicy: unknown }[] = [];
    const client: RefreshableClient = {
      getObservableQueries: () =>
        new Set([
          {
            queryName: 'OverviewPage',
            variables,
            query: generated.OverviewPageDocument,
            options: { errorPolicy: 'all' },
            // The page shows its parts' failures: asked through its own watch, so that their errors reach it.
            refetch: () => {
              asked.push({ name: 'OverviewPage (its watch)', variables, errorPolicy: 'all' });
              return Promise.resolve();
            },
          },
        ]),
      query: ({ query, variables: asking, errorPolicy }) => {
        const definition = query.definitions[0];
        const name = definition.kind === 'OperationDefinition' ? (definition.name?.value ?? '') : '';
        asked.push({ name, variables: asking, errorPolicy });
        return Promise.resolve();
      },
      cache: { evict: () => true, gc: () => [] },
    };
    const refresh = createFiguresRefresher(client);
    // The change applied (the server's announcement), its activities heard while that refresh runs, then the
    // notification sent to the member seconds later (an activity added).
    await Promise.all([refresh(only(7)), refresh({ ...only(7), queries: names('Activities') })]);
    await refresh({ ...only(7), queries: names('Activities') });
    expect(asked.map((a) => a.name)).toEqual(['OverviewPage (its watch)', 'Activities', 'Activities']);
    // The list's answer is the overview's field (same variables); asked with the page's error policy.
    expect(asked[1]).toEqual({ name: 'Activities', variables, errorPolicy: 'all' });
  });
});

describe('noteAnnounced and announcedFor: whether the server announced an account’s figures since a moment', () => {
  it('counts the announcements that ask every screen of the account again, not those narrowed to some screens', () => {
    const client = {};
    const before = announcedFor(client, 7);
    noteAnnounced(client, { ...only(7), queries: names('AgreementView') }); // a change waiting, now applying
    noteAnnounced(client, only(8)); // another account
    expect(announcedFor(client, 7)).toBe(before);
    noteAnnounced(client, only(7, 8)); // the applied change's figures
    expect(announcedFor(client, 7)).toBe(before + 1);
    noteAnnounced(client, ALL); // a bank day, a reconnection
    expect(announcedFor(client, 7)).toBe(before + 2);
    expect(announcedFor(client, 8)).toBe(3);
    expect(announcedFor({}, 7)).toBe(0); // per client
  });
});

describe('createFiguresRefresher in a tab nobody sees', () => {
  const open = [
    { queryName: 'OverviewPage', variables: { accountId: 7 } },
    { queryName: 'MemberAccount', variables: { accountId: 8 } },
    { queryName: 'OverviewPage', variables: { accountId: 9 } },
  ];

  // Each refetch recorded with the account it asks for.
  const tabClient = () => fakeClient(open, (name, variables) => `${name}(${String(variables?.accountId)})`);

  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('holds the changes while hidden and asks them once, merged, as soon as the tab is shown', async () => {
    const doc = new FakeDocument('hidden');
    const fake = tabClient();
    const refresh = createFiguresRefresher(fake.client, documentVisibility(doc));
    let applied = 0;
    const asked = [
      refresh({ ...only(7), queries: names('Activities', 'OverviewPage') }),
      refresh(only(8)),
      refresh(only(7)),
    ].map((promise) => promise.then(() => applied++));
    await settled();
    expect(fake.refetched).toEqual([]);
    expect(fake.evicted).toEqual([]);

    doc.become('visible');
    // Asked in the event itself, before anything else the tab does: the two accounts' screens, once each.
    expect(fake.refetched).toEqual(['OverviewPage(7)', 'MemberAccount(8)']);
    expect(fake.evicted).toContain('agreement');
    expect(applied).toBe(0);
    fake.releaseAll();
    await Promise.all(asked);
    expect(applied).toBe(3);

    doc.become('hidden');
    doc.become('visible');
    await settled();
    expect(fake.refetched).toHaveLength(2); // nothing asked twice
  });

  it('behaves as before while visible: asks at once', async () => {
    const doc = new FakeDocument('visible');
    const fake = tabClient();
    const refresh = createFiguresRefresher(fake.client, documentVisibility(doc));
    const asked = refresh(only(9));
    expect(fake.refetched).toEqual(['OverviewPage(9)']);
    fake.releaseAll();
    await asked;
  });

  it('holds a change heard while a refresh runs if the tab is hidden when that refresh ends', async () => {
    const doc = new FakeDocument('visible');
    const fake = tabClient();
    const refresh = createFiguresRefresher(fake.client, documentVisibility(doc));
    const first = refresh(only(7));
    doc.become('hidden');
    const second = refresh(only(8));
    fake.releaseAll();
    await first;
    await settled();
    expect(fake.refetched).toEqual(['OverviewPage(7)']);

    doc.become('visible');
    expect(fake.refetched).toEqual(['OverviewPage(7)', 'MemberAccount(8)']);
    fake.releaseAll();
    await second;
  });

  it('asks everything when shown after a reconnection (LISTENING) heard while hidden', async () => {
    const doc = new FakeDocument('hidden');
    const fake = tabClient();
    const refresh = createFiguresRefresher(fake.client, documentVisibility(doc));
    const asked = [
      refresh({ ...only(7), queries: names('AgreementView') }),
      refresh(figuresChangeOf({ accountIds: [], everyAccount: false, reasons: ['LISTENING'] })),
    ];
    doc.become('visible');
    expect(fake.refetched).toEqual(['OverviewPage(7)', 'MemberAccount(8)', 'OverviewPage(9)']);
    fake.releaseAll();
    await Promise.all(asked);
  });
});
