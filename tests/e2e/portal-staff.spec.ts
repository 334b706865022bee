import { expect, test } from './fixtures.js';
import {
  AGENT,
  MEMBER,
  MemberSearch,
  OverviewPage,
  countOperations,
  seriousViolations,
  signIn,
} from './portal-pages.js';

test.describe('staff on the portal', () => {
  test('search a member (3 characters at least), open the overview and see the agreement notes', async ({ page }) => {
    const searches = countOperations(page, 'SearchMembers');
    await signIn(page, AGENT);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Member search' }).click();
    await expect(page).toHaveURL(/\/members$/);
    const search = new MemberSearch(page);

    await search.byText('ol');
    await expect(page.getByText('Enter at least 3 characters to search.')).toBeVisible();
    expect(searches()).toBe(0);

    await search.byText('nguyen');
    await expect(page.getByText(/^\d+ members? found$/)).toBeVisible();
    expect(searches()).toBe(1);
    const olivia = search.results().filter({ hasText: MEMBER.name });
    await expect(olivia).toHaveCount(1);
    await olivia
      .getByRole('link', { name: /^Open account .* of Olivia Nguyen$/ })
      .first()
      .click();

    const overview = new OverviewPage(page);
    await overview.expectLoaded();
    const notes = page.getByRole('region', { name: 'Agreement notes' });
    await expect(notes).toBeVisible();
    await expect(notes.getByRole('listitem').first()).toContainText(AGENT.name);

    // Staff filter on all 4 groups, notes included.
    const activities = overview.activities();
    await expect(activities.filters()).toHaveCount(4);
    await expect(activities.filter('Notes')).toHaveAttribute('aria-pressed', 'true');
    await activities.filter('Notes').click();
    await expect(activities.filter('Notes')).toHaveAttribute('aria-pressed', 'true');
    await expect(activities.filter('Payments')).toHaveAttribute('aria-pressed', 'false');
    await expect(activities.items().first()).toContainText('Note added');
  });

  test('look a member up by account number; anything but digits is refused without a call', async ({ page }) => {
    const lookups = countOperations(page, 'MembersByAccountNumber');
    await signIn(page, AGENT);
    const search = new MemberSearch(page);
    await search.byAccountNumber('2000-0001');
    await expect(page.getByText('An account number can only contain digits.')).toBeVisible();
    expect(lookups()).toBe(0);

    await search.byAccountNumber('20000001');
    await expect(search.results().filter({ hasText: MEMBER.name })).toHaveCount(1);
    expect(lookups()).toBe(1);
  });

  test('open a member from the header’s search modal', async ({ page }) => {
    await signIn(page, AGENT);
    await page.getByRole('button', { name: 'Find a member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Find a member' });
    await expect(dialog).toBeVisible();
    const search = new MemberSearch(page, dialog.getByRole('search', { name: 'Member search' }));
    await search.byText('100001');
    await dialog
      .getByRole('link', { name: /^Open account .* of Olivia Nguyen$/ })
      .first()
      .click();
    await expect(dialog).toBeHidden();
    await new OverviewPage(page).expectLoaded();
  });

  test('the member list works on a 375px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, AGENT);
    await new MemberSearch(page).byText('oli');
    await expect(page.getByText(/^\d+ members? found$/)).toBeVisible();
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth + 1')).toBe(
      false,
    );
  });
});

test.describe('accessibility of the staff screens (axe)', () => {
  test.use({ bypassCSP: true });
  test('the member search and the staff overview have no serious violations', async ({ page }) => {
    await signIn(page, AGENT);
    await new MemberSearch(page).byText('nguyen');
    await expect(page.getByText(/^\d+ members? found$/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('link', { name: /^Open account .* of Olivia Nguyen$/ })
      .first()
      .click();
    const overview = new OverviewPage(page);
    await overview.expectLoaded();
    await expect(overview.activities().items().first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
