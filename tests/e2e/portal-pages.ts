import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { LoginPage, SelectAccountPage } from './pages.js';

/** Page objects of the portal screens: what a person sees and does, in the words on the screen. */

export const MEMBER = { username: '100001', password: 'member-demo-pass', name: 'Olivia Nguyen' };
export const AGENT = { username: 'agent', password: 'agent-demo-pass', name: 'Alex Agent' };

export async function signIn(page: Page, user: { username: string; password: string }): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(user.username, user.password);
}

/** A member signs in and opens their first (active) account's overview. */
export async function memberOnOverview(page: Page): Promise<OverviewPage> {
  await signIn(page, MEMBER);
  await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
  await new SelectAccountPage(page).open(0);
  const overview = new OverviewPage(page);
  await overview.expectLoaded();
  return overview;
}

export class OverviewPage {
  constructor(private readonly page: Page) {}

  section(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  async expectLoaded(): Promise<void> {
    await expect(this.page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Agreement summary' })).toBeVisible();
    await expect(this.section('Agreement').getByTestId('agreement-status')).toBeVisible();
  }

  /** The agreement number shown in the summary. */
  agreementNumber(): Locator {
    return this.section('Agreement').getByTestId('agreement-number');
  }

  donut(): Locator {
    return this.section('Set aside by category').getByTestId('allocation-donut').locator('svg').first();
  }

  upcomingRows(): Locator {
    return this.section('Upcoming bills').locator('tbody > tr');
  }

  billersTable(title: 'Bills paid automatically' | 'Bills paid manually'): Locator {
    return this.section(title);
  }

  activities(): ActivitiesPanel {
    return new ActivitiesPanel(this.page, this.section('Activities'));
  }

  queuedChangeDialog(): Locator {
    return this.page.getByTestId('queued-change-dialog');
  }

  async openAgreementMenuItem(label: string): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: /Agreement/ })
      .click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }
}

export class ActivitiesPanel {
  constructor(
    private readonly page: Page,
    readonly root: Locator,
  ) {}

  filter(label: 'Payments' | 'Agreement changes' | 'Notifications' | 'Notes'): Locator {
    return this.root.getByRole('group', { name: 'Filter activities by type' }).getByRole('button', { name: label });
  }

  filters(): Locator {
    return this.root.getByRole('group', { name: 'Filter activities by type' }).getByRole('button');
  }

  count(): Locator {
    return this.root.getByTestId('activity-count');
  }

  items(): Locator {
    return this.root.getByRole('list', { name: 'Activities' }).getByRole('listitem');
  }

  async openFirst(): Promise<Locator> {
    await this.items()
      .first()
      .getByRole('button', { name: /^Details/ })
      .click();
    const dialog = this.page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

export class MemberSearch {
  /** True for the members page's search (not the header's dialog, given as root). */
  private readonly onPage: boolean;
  private readonly root: Locator;

  constructor(
    private readonly page: Page,
    root?: Locator,
  ) {
    this.onPage = root === undefined;
    this.root = root ?? page.getByRole('search', { name: 'Member search' });
  }

  /** Staff land on their dashboard: the page's search is one click away (its Member search link). */
  private async ready(): Promise<void> {
    if (!this.onPage) return;
    await expect(this.page).toHaveURL(/\/(dashboard|members)$/, { timeout: 30_000 });
    if (/\/dashboard$/.test(new URL(this.page.url()).pathname)) {
      await this.page.getByRole('link', { name: 'Member search', exact: true }).click();
    }
    await expect(this.root).toBeVisible({ timeout: 30_000 });
  }

  async byText(text: string): Promise<void> {
    await this.ready();
    await this.root.locator('label').filter({ hasText: 'Name, member number or email' }).click();
    await this.root.getByLabel('Search for a member').fill(text);
    await this.root.getByRole('button', { name: 'Search' }).click();
  }

  async byAccountNumber(accountNumber: string): Promise<void> {
    await this.ready();
    await this.root
      .locator('label')
      .filter({ hasText: /^Account number$/ })
      .first()
      .click();
    await this.root.getByRole('textbox', { name: 'Account number' }).fill(accountNumber);
    await this.root.getByRole('button', { name: 'Search' }).click();
  }

  results(): Locator {
    return this.page
      .getByRole('list', { name: 'Members found' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(/^Member \d+/) });
  }
}

/** Counts the GraphQL operations of a name the page sends (to prove that nothing was sent). */
export function countOperations(page: Page, operationName: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.method() === 'POST') {
      const body = request.postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === operationName) count += 1;
    }
  });
  return () => count;
}

/**
 * The GraphQL operations the page sends from now on, by name, in order; `quiet` waits until none has been sent for
 * `ms` (what a change made the page ask has been asked: the server's announcements arrive within that).
 */
export function operationLog(page: Page): { names: () => string[]; quiet: (ms?: number) => Promise<void> } {
  const names: string[] = [];
  let last = Date.now();
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    names.push((request.postDataJSON() as { operationName?: string } | null)?.operationName ?? '?');
    last = Date.now();
  });
  return {
    names: () => [...names],
    quiet: async (ms = 2_500) => {
      await expect.poll(() => Date.now() - last >= ms, { timeout: 30_000, intervals: [250] }).toBe(true);
    },
  };
}

/** A user's access token from POST /Token, for calling the server directly from a test or a bench. */
export async function tokenOf(
  request: APIRequestContext,
  user: { username: string; password: string },
): Promise<string> {
  const response = await request.post('/Token', { form: { grant_type: 'password', ...user } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A staff access token from POST /Token. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  return tokenOf(request, AGENT);
}

export async function graphql<T>(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors ?? []).toEqual([]);
  return body.data as T;
}

/** True when the page scrolls sideways (a layout wider than the phone). */
export async function overflowsHorizontally(page: Page): Promise<boolean> {
  return (await page.evaluate(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth + 1',
  )) as boolean;
}

export { seriousViolations } from './axe.js';
