import { DEFAULT_TIME_ZONE } from '../../server/src/shared/clock.js';
import { wallClockIn } from '../../server/src/shared/local-date.js';
import { expect, test } from './fixtures.js';
import { memberOnOverview } from './portal-pages.js';

/** The wall time of an instant in a zone (the institution's by default), as the screens write it: `21-11-2026 9:15 pm`. */
function wallTime(instant: string, timeZone = DEFAULT_TIME_ZONE): string {
  const { date, hour, minute } = wallClockIn(timeZone, new Date(instant))!;
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year} ${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

test.describe('times in the institution’s zone', () => {
  // A browser far from the institution: its own zone is never the one shown.
  test.use({ timezoneId: 'America/New_York' });

  test('an activity’s time reads the same in New York as in the branch', async ({ page }) => {
    const activities = page.waitForResponse(
      // The activities' first page comes with the overview's one query.
      (response) => response.request().postDataJSON()?.operationName === 'OverviewPage' && response.ok(),
    );
    await memberOnOverview(page);
    const body = (await (await activities).json()) as { data: { activities: { items: { date: string }[] } } };
    const first = body.data.activities.items[0];
    expect(first.date).toMatch(/(Z|[+-]\d{2}:?\d{2})$/); // an instant, not a wall time
    const region = page.getByRole('region', { name: 'Activities', exact: true });
    await expect(region.getByText(wallTime(first.date)).first()).toBeVisible();
    // Not the browser's own reading of it (New York is 15 or 16 hours behind Sydney).
    await expect(region.getByText(wallTime(first.date, 'America/New_York'))).toHaveCount(0);
  });
});
