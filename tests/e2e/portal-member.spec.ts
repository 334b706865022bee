import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.js';
import { SelectAccountPage } from './pages.js';
import {
  queueModification as queueModificationAs,
  RECORDER,
  recordedEvents,
  refreshedAfterApplied,
  type GraphqlCall,
  type QueuedChange,
  type RecordedEvent,
  type SignInCall,
} from '../support/queued-change.js';
import {
  MEMBER,
  graphql,
  memberOnOverview,
  overflowsHorizontally,
  seriousViolations,
  signIn,
  staffToken,
  tokenOf,
} from './portal-pages.js';

test.describe('a member on the portal', () => {
  test('sees the overview: summary, allocation donut, upcoming bills, billers and activities', async ({ page }) => {
    const overview = await memberOnOverview(page);
    await expect(page.getByText(`${MEMBER.name} · Account`)).toBeVisible();
    await expect(overview.section('Agreement')).toContainText('Next deposit');
    await expect(overview.section('Agreement')).toContainText(/\$[\d,]+\.\d{2}/);
    await expect(overview.donut()).toBeVisible();
    await expect(overview.section('Set aside by category').getByRole('listitem').last()).toContainText('Total');
    // Always 6 rows: the bills, then blank fillers.
    await expect(overview.upcomingRows()).toHaveCount(6);
    await expect(overview.upcomingRows().first()).toContainText(/\d{2}-\d{2}-\d{4}/);

    const manual = overview.billersTable('Bills paid manually');
    const billers = manual.locator('tbody button[aria-expanded]');
    expect(await billers.count()).toBeGreaterThan(0);
    await billers.first().click();
    await expect(billers.first()).toHaveAttribute('aria-expanded', 'true');
    await manual.getByRole('button', { name: /^Expand all/ }).click();
    await expect(manual.locator('tbody button[aria-expanded="false"]')).toHaveCount(0);
    await expect(manual.locator('caption', { hasText: /^Bills of / }).first()).toBeVisible();
    await manual.getByRole('button', { name: /^Collapse all/ }).click();
    await expect(manual.locator('tbody button[aria-expanded="true"]')).toHaveCount(0);
    await expect(manual.locator('caption', { hasText: /^Bills of / })).toHaveCount(0);
    await expect(
      overview.billersTable('Bills paid automatically').locator('tbody button[aria-expanded]').first(),
    ).toBeVisible();

    // Members never see notes.
    await expect(page.getByRole('region', { name: 'Agreement notes' })).toHaveCount(0);
    await expect(overview.activities().filter('Notes')).toHaveCount(0);
  });

  test('filters the activities exactly as the spec says, and opens one', async ({ page }) => {
    const overview = await memberOnOverview(page);
    const activities = overview.activities();
    await expect(activities.filters()).toHaveCount(3);
    for (const label of ['Payments', 'Agreement changes', 'Notifications'] as const) {
      await expect(activities.filter(label)).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(activities.items().first()).toBeVisible();
    const everything = await activities.count().textContent();

    // All selected: choosing one narrows to it.
    await activities.filter('Agreement changes').click();
    await expect(activities.filter('Agreement changes')).toHaveAttribute('aria-pressed', 'true');
    await expect(activities.filter('Payments')).toHaveAttribute('aria-pressed', 'false');
    await expect(activities.filter('Notifications')).toHaveAttribute('aria-pressed', 'false');
    await expect(activities.count()).not.toHaveText(everything ?? '');
    // Selected reads by a tick as well as by its fill, not by colour alone.
    await expect(activities.filter('Agreement changes').getByTestId('filter-tick')).toHaveText('✓');
    await expect(activities.filter('Payments').getByTestId('filter-tick')).toHaveText('');
    // Otherwise a click toggles.
    await activities.filter('Notifications').click();
    await expect(activities.filter('Notifications')).toHaveAttribute('aria-pressed', 'true');
    await activities.filter('Notifications').click();
    await expect(activities.filter('Notifications')).toHaveAttribute('aria-pressed', 'false');
    // The only one selected, clicked: everything is restored.
    await activities.filter('Agreement changes').click();
    for (const label of ['Payments', 'Agreement changes', 'Notifications'] as const) {
      await expect(activities.filter(label)).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(activities.count()).toHaveText(everything ?? '');

    const dialog = await activities.openFirst();
    await expect(dialog.getByText('Balance change')).toBeVisible();
    await expect(dialog.getByText(/\d{2}-\d{2}-\d{4}/).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('opens the graphs page from the header menu: allocation, forecast with its lowest point, history', async ({
    page,
  }) => {
    const overview = await memberOnOverview(page);
    await overview.openAgreementMenuItem('Graphs');
    await expect(page).toHaveURL(/\/member\/graphs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Graphs' })).toBeVisible();
    await expect(page.getByTestId('forecast-summary')).toContainText('Lowest point:');
    const forecast = page.getByRole('region', { name: 'Balance forecast' });
    await expect(forecast.locator('svg').first()).toBeVisible();
    await expect(forecast.getByText(/^Lowest /).first()).toBeAttached();
    await expect(
      page.getByRole('region', { name: 'Deposits and bills by month' }).locator('svg').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Set aside by category' }).locator('svg').first()).toBeVisible();
  });

  test('reads the full account history and the profile', async ({ page }) => {
    const overview = await memberOnOverview(page);
    await page.getByRole('link', { name: /^Full account history/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Account history' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Activity history' }).getByTestId('activity-count')).toContainText(
      /^Showing 1–25 of \d+/,
    );
    await page.goBack();
    await overview.expectLoaded();
    await overview.openAgreementMenuItem('Profile & preferences');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile & preferences' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Member', exact: true })).toContainText(MEMBER.name);
  });

  test('gets a usable overview on a 375px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const overview = await memberOnOverview(page);
    // Folded at first on a phone (issue 8 item 7): the reader opens the donut and the activities.
    for (const name of ['Set aside by category', 'Activities']) {
      await page.getByRole('heading', { level: 2, name }).getByRole('button').click();
    }
    await expect(overview.donut()).toBeVisible();
    await expect(overview.activities().items().first()).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Graphs' })).toBeVisible();
  });
});

test.describe('accessibility of the member screens (axe)', () => {
  test.use({ bypassCSP: true });
  test('the overview has no serious violations', async ({ page }) => {
    const overview = await memberOnOverview(page);
    await expect(overview.donut()).toBeVisible();
    await expect(overview.activities().items().first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the graphs, history and profile pages have no serious violations', async ({ page }) => {
    await memberOnOverview(page);
    const base = page.url().replace(/\/overview.*$/, '');
    for (const [path, ready] of [
      ['/member/graphs', 'Deposits and bills by month'],
      ['/member/accounthistory', 'Activity history'],
      ['/member/profile', 'Linked accounts'],
    ] as const) {
      await page.goto(base + path);
      await expect(page.getByRole('region', { name: ready })).toBeVisible();
      if (path === '/member/graphs') await expect(page.locator('svg.apexcharts-svg')).toHaveCount(3);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

test.describe('the first load', () => {
  test('does not carry the chart library: the donut is a lazy chunk', async ({ page }) => {
    const dist = path.resolve('dist/client');
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(firstLoad.length).toBeGreaterThan(0);
    expect(firstLoad.filter((file) => /chart|apex|Donut/i.test(file))).toEqual([]);
    const gzipKb =
      firstLoad.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(dist, file))).length, 0) / 1024;
    console.log(
      `first-load JavaScript of the overview route: ${gzipKb.toFixed(1)} KB gzip (${firstLoad.length} files)`,
    );

    // In the browser, the chart chunk arrives only after the page has rendered its overview.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const overview = await memberOnOverview(page);
    await expect(overview.donut()).toBeVisible();
    expect(scripts.some((file) => /vendor-charts/.test(file))).toBe(true);
    expect(scripts.slice(0, firstLoad.length).some((file) => /vendor-charts/.test(file))).toBe(false);
  });
});

test.describe('the agreement view', () => {
  test('shows a pending agreement read-only with the menus hidden, and the member approves it', async ({ page }) => {
    await signIn(page, MEMBER);
    await new SelectAccountPage(page).open(1);
    await expect(page).toHaveURL(/\/viewagreement\/\d+\?viewMode=hideMenus$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Agreement \d+$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Agreement/ })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Pending');

    await page.getByRole('button', { name: 'Approve agreement' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Approve this agreement?');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Agreement approved.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve agreement' })).toHaveCount(0);
  });
});

async function recorded(page: Page, kind: RecordedEvent['kind']): Promise<string[]> {
  return (await recordedEvents(page)).filter((event) => event.kind === kind).map((event) => event.value);
}

// Runs last: it changes the member's agreement.
test.describe('a queued agreement change, pushed by the server', () => {
  test('blocks the overview with its stages, then the overview refreshes itself without a reload', async ({
    page,
    request,
  }) => {
    const afterApplied = afterAppliedLog(page); // listening before the page opens its socket
    const overview = await memberOnOverview(page);
    const [, memberId, accountId] = /\/member\/(\d+)\/account\/(\d+)\//.exec(page.url()) ?? [];
    const before = (await overview.agreementNumber().textContent())?.trim();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations += 1;
    });
    await page.evaluate('window.__noReload = true');
    await page.evaluate(RECORDER);

    const token = await staffToken(request);
    const { accountList } = await graphql<{ accountList: { accountId: number; agreementId: number | null }[] }>(
      request,
      token,
      'query ($memberId: Int!) { accountList(memberId: $memberId) { accountId agreementId } }',
      { memberId: Number(memberId) },
    );
    const agreementId = accountList.find((account) => account.accountId === Number(accountId))?.agreementId;
    expect(agreementId).toBe(Number(before));
    // Staff modify it and save all, changing nothing the member agreed to: queued, applied by the job.
    const queued = await queueModification(request, token, Number(memberId), Number(accountId));
    expect(queued.stage).toBe('QUEUED');

    // The stages can pass quickly (the applier runs every few seconds): the page records what it showed, and when.
    const dialog = overview.queuedChangeDialog();
    await expect.poll(() => recorded(page, 'dialog'), { timeout: 10_000 }).toContain('shown');
    await page.keyboard.press('Escape');

    await expect.poll(() => recorded(page, 'stage'), { timeout: 15_000 }).toContain('APPLIED');
    const events = await recordedEvents(page);
    const stages = events.filter((event) => event.kind === 'stage').map((event) => event.value);
    // On a loaded machine the applier can finish before the page records its first stage: APPLIED may come first
    // (the dialog must still have been shown, below).
    expect(stages[0]).toMatch(/^(QUEUED|APPLYING|APPLIED)$/);
    expect(stages.at(-1)).toBe('APPLIED');
    // Static: nothing (Escape included) closed the dialog before the change was applied.
    const applied = events.find((event) => event.kind === 'stage' && event.value === 'APPLIED');
    const opened = events.find((event) => event.kind === 'dialog' && event.value === 'shown');
    const closedEarly = events.find(
      (event) =>
        event.kind === 'dialog' &&
        event.value === 'hidden' &&
        event.t > (opened?.t ?? 0) &&
        event.t < (applied?.t ?? 0),
    );
    expect(opened).toBeDefined();
    expect(closedEarly).toBeUndefined();

    // The overview reloads its data by itself: the new agreement version is shown. How soon (issue 4: within 2 s) is a
    // speed target, measured by `npm run bench -- live-refresh` on a quiet machine; here it is only printed.
    await expect(overview.agreementNumber()).toHaveText(String(queued.agreementId));
    const refreshedAfter = refreshedAfterApplied(await recordedEvents(page), queued.agreementId);
    console.log(`[journey] overview refreshed ${Math.round(refreshedAfter ?? NaN)} ms after the change was applied`);
    expect(refreshedAfter).not.toBeNull();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('overview-announcement')).toHaveText(/has been applied/);
    // Among the newest: the modification (the manager's approval of the copy is in the history too).
    await expect(overview.activities().items().filter({ hasText: 'Agreement modification' }).first()).toBeVisible();

    expect(navigations).toBe(0);
    expect(await page.evaluate('window.__noReload === true')).toBe(true);

    // The overview's query was asked once for the change being applied (its figures announced, APPLIED): the member's
    // notice of it, sent seconds later (an activity added), asks the activity list alone (it asked the whole page
    // again before: twice in all).
    const askedAfterNotice = () => {
      const log = afterApplied();
      return log.includes('notice') ? log.slice(log.indexOf('notice') + 1) : [];
    };
    await expect
      .poll(askedAfterNotice, { timeout: 30_000 })
      .toContainEqual(expect.stringMatching(/^(Activities|OverviewPage)$/));
    // Shown at the top of the list (newest first): the list's own answer reached the page.
    await expect(overview.activities().items().first()).toContainText('Notification sent');
    console.log(`[journey] after the change was applied: ${afterApplied().join(', ')}`);
    // The notice asked the list alone, never the page again.
    expect(askedAfterNotice().filter((name) => name === 'OverviewPage')).toHaveLength(0);
    // The applied change itself: once, from its first sign on (its figures announced, or its APPLIED if that came
    // first): the announcement asks the page, and APPLIED does not ask it again. Counted from APPLYING instead, the page
    // was asked twice in about one run of two on a loaded machine: the second was the refresh for the announcement of
    // the change being queued (STATUS_CHANGED, before APPLYING), waiting behind a running refresh and sent after
    // APPLYING was heard.
    const sinceApplied = (log: string[]) => {
      const first = log.findIndex((entry) => entry === 'announced' || entry === 'applied');
      return first < 0 ? [] : log.slice(first + 1);
    };
    expect(sinceApplied(afterApplied()).filter((name) => name === 'OverviewPage')).toHaveLength(1);
    await expect(page).toHaveURL(new RegExp(`/member/${memberId}/account/${accountId}/overview`));
  });

  test('its dialog offers the way back to the dashboard', async ({ page, request }) => {
    // The applier can apply the change within a second and the dialog then closes itself: the page's subscription is
    // kept from hearing the stages after APPLYING, so that the dialog stays in progress while it is used.
    await page.routeWebSocket(/\/graphql/, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!heldStage(message)) socket.send(message);
      });
    });
    const overview = await memberOnOverview(page);
    await expect(overview.agreementNumber()).toHaveText(/\d+/);
    const [, memberId, accountId] = /\/member\/(\d+)\/account\/(\d+)/.exec(page.url())!;
    const token = await staffToken(request);
    await queueModification(request, token, Number(memberId), Number(accountId));
    const dialog = overview.queuedChangeDialog();
    await expect(dialog).toHaveAttribute('data-stage', /^(QUEUED|APPLYING)$/);
    await dialog.getByRole('button', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
  });
});

/**
 * What the page heard and asked once it heard the queued change being applied (APPLYING, or APPLIED when that came
 * first), in order: `announced` for an announcement of the account's figures (the change applied: money moved, a
 * status changed), `applied` for its APPLIED, `notice` for the member's notice of it (an activity added: Notification
 * sent), and each GraphQL operation it asked, by name. Listens from before the page opens its socket.
 */
function afterAppliedLog(page: Page): () => string[] {
  let applied = false;
  const log: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (/"queuedChangeStatus":\{[^}]*"stage":"APPLIED"/.test(text)) log.push('applied');
      if (/"queuedChangeStatus":\{[^}]*"stage":"APPLY(ING|ED)"/.test(text)) applied = true;
      else if (applied && /"activityAdded":\{[^}]*"label":"Notification sent"/.test(text)) log.push('notice');
      else if (applied && /"figuresChanged":\{[^}]*"reasons":\[[^\]]*"(STATUS_CHANGED|MONEY_MOVED)"/.test(text)) {
        log.push('announced');
      }
    });
  });
  page.on('request', (request) => {
    if (!applied || !request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    log.push(body?.operationName ?? '?');
  });
  return () => [...log];
}

/** Whether a graphql-ws message from the server pushes a queued change's stage past APPLYING (applied, failed, none). */
function heldStage(message: string | Buffer): boolean {
  const parsed = JSON.parse(String(message)) as {
    type?: string;
    payload?: { data?: { queuedChangeStatus?: { stage?: string } } };
  };
  const stage = parsed.type === 'next' ? parsed.payload?.data?.queuedChangeStatus?.stage : undefined;
  return stage !== undefined && stage !== 'QUEUED' && stage !== 'APPLYING';
}

/** Staff modify the account's agreement in force and save all (tests/support/queued-change.ts): queued, applied by the job. */
async function queueModification(
  request: APIRequestContext,
  token: string,
  memberId: number,
  accountId: number,
): Promise<QueuedChange> {
  const call: GraphqlCall = (as, query, variables) => graphql(request, as, query, variables);
  const signIn: SignInCall = (username, password) => tokenOf(request, { username, password });
  return queueModificationAs(call, signIn, token, memberId, accountId);
}
