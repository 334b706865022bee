import type { DocumentNode } from 'graphql';
import { ActivitiesDocument, type FiguresChangeKind } from '../gql/graphql';

/**
 * No stale screen (issue 25 item 4). The server announces every change of figures (`figuresChanged`: money moved, a
 * status changed, a bank day); the shell's one subscription (FiguresWatcher) hands each announcement to
 * `createFiguresRefresher`, which brings Apollo's cache up to date:
 * - an open screen's query that shows figures is fetched again (one whose `accountId` is another account's is left);
 * - a closed screen's cached answer is forgotten, so that opening it again (Confirmation → Agreement summary, Back to
 *   bills) asks the server instead of showing the old balance.
 * The client computes nothing: it only asks again.
 */

/** The queries that show an agreement's figures or status (operation name → the root fields it reads). */
export const LIVE_QUERIES: Readonly<Record<string, readonly string[]>> = {
  // The overview's one query (its summary, billers, notices, the activities' first page, the shell's
  // settings and day, the layout's account).
  OverviewPage: [
    'clientSettings',
    'institutionDay',
    'memberAccount',
    'accountOverview',
    'agreementChangeWaiting',
    'hardshipCase',
    'activities',
  ],
  // An expanded biller's bills on the overview (BillersTable).
  OverviewBillerBills: ['accountOverview'],
  BillAgreement: ['accountOverview'],
  MemberAccount: ['memberAccount'],
  AccountList: ['accountList'],
  ManagedAgreement: ['accountList'],
  AgreementView: ['agreement'],
  ManagedAgreementSummary: ['agreement'],
  AgreementGraphs: ['agreementGraphs'],
  // A change sent to the member, decided or withdrawn: the overview's notice (OverviewPage) and the open review follow it.
  AgreementChangeReview: ['agreementChangeReview'],
  BankDayRun: ['bankDayRun'],
  ShortfallFixes: ['shortfallFixes'],
  TermEndChoice: ['termEndChoice'],
  // Staff record an arrangement or close the request: the member's open hardship screen follows it.
  HardshipCase: ['hardshipCase'],
  DepositReview: ['depositReview'],
  BillDashboard: ['billsDueForPayment'],
  BillLinkedAccounts: ['profile'],
  SettlementAccounts: ['profile'],
  BillConfirmation: ['billConfirmation'],
  BillsToReverse: ['billsToReverse'],
  Activities: ['activities'],
  TransactionDetails: ['transaction'],
  ClosingStatement: ['closingStatement'],
  AgreementWizardEntries: ['agreementWizardEntries'],
  StaffWorklist: ['staffWorklist'],
  AtRiskAgreements: ['atRiskAgreements'],
  MissedDepositReport: ['missedDepositReport'],
  InstitutionDay: ['institutionDay'],
  DemoClock: ['demoClock'],
};

/**
 * Forgotten when closed, but not fetched again while open: the pay form's inputs (a quote or the bill being paid
 * changing under the person's hands would be worse than the server refusing a stale one), the profile's form.
 */
export const FORGOTTEN_WHEN_CLOSED: Readonly<Record<string, readonly string[]>> = {
  BillToPay: ['billDetails'],
  OverduePlan: ['overduePlan'],
  PaymentQuote: ['paymentQuote'],
  Profile: ['profile'],
};

/**
 * Live queries that carry another live query's root field with the same variables (the overview's one query carries
 * its activity list's first page: `activities`, as the `Activities` query asks it). A change that concerns only that
 * other query (an activity added) asks it alone for the open carrier, with the carrier's variables: its answer is
 * written to the same field of the cache, which the carrier reads. The whole page is not asked again for a new line of
 * its history (a notification sent seconds after an applied change made the overview ask its query twice).
 */
export const PARTS_OF: Readonly<Record<string, readonly string[]>> = {
  OverviewPage: ['Activities'],
};

/**
 * Live queries whose root fields another live query asks too, with the same arguments when their variables are the
 * carrier's of the same names (the overview's one query carries the member layout's account, the shell's day, the
 * hardship entry's case and the activity list's first page). While the carrier is asked again, an open carried query
 * is not asked alone: the carrier's answer is written to the same fields of the cache, which it reads (each refresh of
 * the overview asked MemberAccount, InstitutionDay and HardshipCase besides the page). Open without its carrier (any
 * other page of the account), it is asked as before.
 */
export const CARRIED_BY: Readonly<Record<string, readonly string[]>> = {
  OverviewPage: ['MemberAccount', 'InstitutionDay', 'HardshipCase', 'Activities'],
};

/** Whether every variable of `carried` is the carrier's of the same name (so the root fields' arguments are the same). */
function sameArguments(carried: Record<string, unknown> | undefined, carrier: Record<string, unknown> | undefined) {
  return Object.entries(carried ?? {}).every(
    ([name, value]) => JSON.stringify(carrier?.[name]) === JSON.stringify(value),
  );
}

/** The documents of the parts asked alone (PARTS_OF). */
const PART_DOCUMENTS: Readonly<Record<string, DocumentNode>> = {
  Activities: ActivitiesDocument,
};

/**
 * Root fields a live query reads that are no figures (the institution's settings, which the shell's own query
 * reads all the time): asked again with that query, never forgotten.
 */
const NOT_FIGURES: ReadonlySet<string> = new Set(['clientSettings']);

/**
 * One announcement as the client reads it (null accountIds: every account). `queries` narrows it to the open queries
 * of those names (an activity added: the lists and the overview's totals); absent, every live query is concerned.
 */
export interface FiguresChange {
  accountIds: ReadonlySet<number> | null;
  queries?: ReadonlySet<string>;
}

/**
 * The reasons that concern only some screens: the open queries of those names. `WAITING_CHANGE_STAGE`: a change
 * waiting behind the agreement in force went from queued to applying, which only the change's own pages show (its
 * status on the agreement page; the server's rule, agreement/state/status-seen.rules.ts). `DEPOSIT_REVIEWED`: an open
 * deposit review was worked out again (money moved since it was made), which only the review's panel and the staff
 * worklist show.
 */
export const QUERIES_OF_REASON: Readonly<Partial<Record<FiguresChangeKind, readonly string[]>>> = {
  WAITING_CHANGE_STAGE: ['AgreementView', 'AgreementChangeReview'],
  DEPOSIT_REVIEWED: ['DepositReview', 'StaffWorklist'],
};

/** One announcement of the server as the refresher takes it: narrowed when every reason of it concerns some screens. */
export function figuresChangeOf(announced: {
  accountIds: readonly number[];
  everyAccount: boolean;
  reasons: readonly FiguresChangeKind[];
}): FiguresChange {
  const accountIds = announced.everyAccount || announced.accountIds.length === 0 ? null : new Set(announced.accountIds);
  const narrowed = announced.reasons.map((reason) => QUERIES_OF_REASON[reason]);
  if (narrowed.length === 0 || narrowed.some((names) => names === undefined)) return { accountIds };
  return { accountIds, queries: new Set(narrowed.flatMap((names) => names ?? [])) };
}

/** An open query as the planner sees it. */
export interface OpenQuery {
  name: string | undefined;
  variables: Record<string, unknown> | undefined;
}

export interface RefreshPlan {
  /** Indexes (into the open queries given) of the ones to fetch again. */
  refetch: number[];
  /** Open queries refreshed by a part only (PARTS_OF): the index and the part's query name. */
  parts: { index: number; query: string }[];
  /** Root fields no open query reads: forgotten. */
  evict: string[];
}

/** What one change asks of the cache, given the queries open now (pure: table-tested). */
export function planRefresh(open: readonly OpenQuery[], change: FiguresChange): RefreshPlan {
  const readByOpen = new Set<string>();
  for (const query of open) {
    for (const field of rootFieldsOf(query.name)) readByOpen.add(field);
  }
  const refetch: number[] = [];
  const parts: RefreshPlan['parts'] = [];
  open.forEach((query, index) => {
    if (!query.name || !(query.name in LIVE_QUERIES)) return;
    const accountId = query.variables?.accountId;
    if (change.accountIds && typeof accountId === 'number' && !change.accountIds.has(accountId)) return;
    if (!change.queries || change.queries.has(query.name)) {
      refetch.push(index);
      return;
    }
    for (const part of PARTS_OF[query.name] ?? []) if (change.queries.has(part)) parts.push({ index, query: part });
  });
  // A carried query is not asked beside its carrier (CARRIED_BY).
  const carried = (index: number) =>
    refetch.some(
      (other) =>
        other !== index &&
        (CARRIED_BY[open[other].name ?? ''] ?? []).includes(open[index].name ?? '') &&
        sameArguments(open[index].variables, open[other].variables),
    );
  const asked = refetch.filter((index) => !carried(index));
  const concerned = change.queries
    ? [...change.queries].map(rootFieldsOf)
    : [...Object.values(LIVE_QUERIES), ...Object.values(FORGOTTEN_WHEN_CLOSED)];
  const known = new Set(concerned.flat());
  const evict = [...known].filter((field) => !readByOpen.has(field) && !NOT_FIGURES.has(field)).sort();
  return { refetch: asked, parts, evict };
}

function rootFieldsOf(name: string | undefined): readonly string[] {
  if (!name) return [];
  return LIVE_QUERIES[name] ?? FORGOTTEN_WHEN_CLOSED[name] ?? [];
}

/** The little of Apollo's client the refresher uses (so that a test can hand it a fake). */
export interface RefreshableClient {
  getObservableQueries(include: 'active'): Set<{
    readonly queryName?: string;
    readonly variables: unknown;
    readonly query: DocumentNode;
    readonly options?: { readonly errorPolicy?: 'none' | 'all' | 'ignore' };
    /** Asks the query again through the screen's own watch: its answer and its errors reach the screen. */
    refetch(): Promise<unknown>;
  }>;
  query(options: {
    query: DocumentNode;
    variables?: Record<string, unknown>;
    fetchPolicy: 'network-only';
    errorPolicy?: 'none' | 'all' | 'ignore';
    context: { queryDeduplication: false };
  }): Promise<unknown>;
  cache: { evict(options: { id: string; fieldName: string }): boolean; gc(): unknown };
}

/** Merges two changes: every account when either is; every live query when either concerns them all. */
export function union(a: FiguresChange | null, b: FiguresChange): FiguresChange {
  if (!a) return b;
  const accountIds = a.accountIds && b.accountIds ? new Set([...a.accountIds, ...b.accountIds]) : null;
  if (!a.queries || !b.queries) return { accountIds };
  return { accountIds, queries: new Set([...a.queries, ...b.queries]) };
}

/** When a change asked of the refresher is asked of the server. */
export type RefreshTiming = 'now' | 'after the running one' | 'when shown';

/**
 * The refresher's one decision (pure: table-tested). A tab nobody can see holds its changes until it is shown: with
 * several tabs open on the embedded database's one connection, every hidden tab asking all its screens again at each
 * announcement made the visible tab's action wait behind them. A visible tab asks at once, or after the refresh
 * already running (whose answers may predate the change).
 */
export function refreshTiming(tab: { hidden: boolean; running: boolean }): RefreshTiming {
  if (tab.hidden) return 'when shown';
  return tab.running ? 'after the running one' : 'now';
}

/** Whether the tab is seen, as the refresher reads it (so that a test can hand it a fake). */
export interface TabVisibility {
  hidden(): boolean;
  /** Calls `shown` once, the next time the tab becomes visible. */
  whenShown(shown: () => void): void;
}

/** The browser's tab (`document.visibilityState`, `visibilitychange`); outside a browser, a tab always seen. */
export function documentVisibility(
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> | undefined = globalThis.document,
): TabVisibility {
  if (!doc) return { hidden: () => false, whenShown: () => undefined };
  return {
    hidden: () => doc.visibilityState === 'hidden',
    whenShown: (shown) => {
      const onChange = () => {
        if (doc.visibilityState === 'hidden') return;
        doc.removeEventListener('visibilitychange', onChange);
        shown();
      };
      doc.addEventListener('visibilitychange', onChange);
    },
  };
}

/** The server's announcements heard by a client that ask every screen of an account again: per account, and of all. */
interface Heard {
  every: number;
  byAccount: Map<number, number>;
}

const heardByClient = new WeakMap<object, Heard>();

function heardOf(client: object): Heard {
  let heard = heardByClient.get(client);
  if (!heard) {
    heard = { every: 0, byAccount: new Map() };
    heardByClient.set(client, heard);
  }
  return heard;
}

/**
 * Counts one of the server's announcements (FiguresWatcher) when it asks every screen of its accounts again (not one
 * narrowed to some screens), before it is handed to the refresher.
 */
export function noteAnnounced(client: object, change: FiguresChange): void {
  if (change.queries) return;
  const heard = heardOf(client);
  if (!change.accountIds) heard.every += 1;
  else for (const id of change.accountIds) heard.byAccount.set(id, (heard.byAccount.get(id) ?? 0) + 1);
}

/**
 * How many announcements asking every screen of the account again the client has heard (noteAnnounced). Compared with
 * an earlier count, it tells whether one came since: the screens have been asked again after it, so a refresh asked for
 * the same change (an applied queued change: the server announces its figures before its APPLIED, on the same socket)
 * is asked already.
 */
export function announcedFor(client: object, accountId: number): number {
  const heard = heardOf(client);
  return heard.every + (heard.byAccount.get(accountId) ?? 0);
}

const refreshers = new WeakMap<RefreshableClient, (change: FiguresChange) => Promise<void>>();

/**
 * The one refresher of a client: the server's announcements, new activities and an applied change all go through it,
 * so that what they ask for at once is asked once (a change applied announces its figures and adds activities).
 */
export function figuresRefresherOf(client: RefreshableClient): (change: FiguresChange) => Promise<void> {
  let refresher = refreshers.get(client);
  if (!refresher) {
    refresher = createFiguresRefresher(client);
    refreshers.set(client, refresher);
  }
  return refresher;
}

/** The changes merged and not yet asked, and the promise their callers hold. */
interface Pending {
  change: FiguresChange;
  applied: Promise<void>;
  done: () => void;
}

function pending(change: FiguresChange): Pending {
  const settled: { done?: () => void } = {};
  const applied = new Promise<void>((resolve) => {
    settled.done = resolve;
  });
  return { change, applied, done: () => settled.done?.() };
}

/**
 * Applies changes to the cache one refresh at a time: a change arriving while a refresh runs is merged with any
 * others and applied once after it (a bank day's hundreds of announcements cost a few refetches, not hundreds). While
 * the tab is hidden, the changes are merged the same way and held: applied once as soon as it is shown, before
 * anything else (a reconnection's LISTENING held there still asks everything). The promise of a change settles once
 * it has been applied.
 */
export function createFiguresRefresher(
  client: RefreshableClient,
  tab: TabVisibility = documentVisibility(),
): (change: FiguresChange) => Promise<void> {
  let running = false;
  let waiting: Pending | null = null;
  let holding = false;

  const refreshOnce = async (change: FiguresChange) => {
    const queries = [...client.getObservableQueries('active')];
    const plan = planRefresh(
      queries.map((q) => ({ name: q.queryName, variables: (q.variables ?? undefined) as Record<string, unknown> })),
      change,
    );
    for (const fieldName of plan.evict) client.cache.evict({ id: 'ROOT_QUERY', fieldName });
    if (plan.evict.length > 0) client.cache.gc();
    // Asked quietly and written to the cache: the screens get the new answer without passing through "loading" (a
    // refetch would blank the ones that show a spinner instead of their content). Never joined to a request already
    // in flight, which may have been answered before the change. A failure leaves that screen as it was.
    // Asked with the screen's own error policy: a page that shows its parts' failures (the overview) gets the rest of
    // its answer written, not the whole answer dropped for one part's error. Such a page is asked through its own
    // watch, so that a part's error reaches it too: written to the cache alone, a part that may be null on success
    // (the hardship case, the change waiting) showed a failure as "none".
    const ask = (index: number, query: DocumentNode) =>
      query === queries[index].query && queries[index].options?.errorPolicy === 'all'
        ? queries[index].refetch()
        : client.query({
            query,
            variables: queries[index].variables as Record<string, unknown> | undefined,
            fetchPolicy: 'network-only',
            errorPolicy: queries[index].options?.errorPolicy,
            context: { queryDeduplication: false },
          });
    await Promise.allSettled([
      ...plan.refetch.map((index) => ask(index, queries[index].query)),
      ...plan.parts.map(({ index, query }) => ask(index, PART_DOCUMENTS[query])),
    ]);
  };

  const hold = () => {
    if (holding) return;
    holding = true;
    tab.whenShown(() => {
      holding = false;
      decide();
    });
  };

  const drain = async () => {
    running = true;
    try {
      // The refresh that ends decides for the changes heard meanwhile, as for one heard now.
      while (waiting && refreshTiming({ hidden: tab.hidden(), running: false }) === 'now') {
        const next = waiting;
        waiting = null;
        try {
          await refreshOnce(next.change);
        } finally {
          next.done();
        }
      }
    } finally {
      running = false;
    }
    if (waiting) hold(); // hidden meanwhile: held until shown
  };

  const decide = () => {
    if (!waiting) return;
    const timing = refreshTiming({ hidden: tab.hidden(), running });
    if (timing === 'now') void drain();
    else if (timing === 'when shown') hold();
  };

  return (change) => {
    waiting = waiting ? { ...waiting, change: union(waiting.change, change) } : pending(change);
    const { applied } = waiting;
    decide();
    return applied;
  };
}
