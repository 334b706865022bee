import { expect, test } from './fixtures.js';
import { graphql, signIn, staffToken, tokenOf } from './portal-pages.js';

/*
 * An open deposit review follows its version, in the browser: the night's review (staff's "Run the next day" on the
 * demo clock) opens one for Jack (100002, in arrears). His agreement page offers it; staff lock his agreement, and his
 * open page no longer offers it, without a reload (the status change closes the review in its own transaction and
 * its announcement refetches the panel). Accepting it now is refused, changing nothing
 * (tests/integration/deposit-review-version-ends.test.ts has the figures).
 */
const JACK = { username: '100002', password: 'member-demo-pass' };

interface ReviewAnswer {
  depositReview: { agreementId: number; open: { reviewId: number } | null };
}

test.describe('an open deposit review when its version stops running', () => {
  test.slow(); // two cores shared by several engineers' test runs

  test('staff lock the agreement: the member’s open page stops offering the review, without a reload', async ({
    page,
    request,
  }) => {
    const token = await staffToken(request);
    await graphql(request, token, 'mutation { runNextDemoDay { date } }', {});
    const { searchMembers } = await graphql<{
      searchMembers: { memberId: number; accounts: { accountId: number }[] }[];
    }>(
      request,
      token,
      `query { searchMembers(searchString: "${JACK.username}", resultCount: 5) { memberId accounts { accountId } } }`,
      {},
    );
    const memberId = searchMembers[0].memberId;
    const accountId = searchMembers[0].accounts[0].accountId;
    const READ = `query ($m: Int!, $a: Int!) { depositReview(memberId: $m, accountId: $a) { agreementId open { reviewId } } }`;
    const { depositReview: review } = await graphql<ReviewAnswer>(request, token, READ, { m: memberId, a: accountId });
    expect(review.open).not.toBeNull();

    await signIn(page, JACK);
    await expect(page).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
    await page.goto(`/member/${memberId}/account/${accountId}/viewagreement/${review.agreementId}`);
    const panel = page.getByRole('region', { name: 'Your bills against their estimates' });
    const open = panel.getByTestId('deposit-review-open');
    await expect(open.getByRole('button', { name: 'Accept the new deposit' })).toBeVisible({ timeout: 30_000 });

    await graphql(
      request,
      token,
      'mutation ($id: Int!, $r: String!) { lockAgreement(agreementId: $id, reason: $r) { errors { code } } }',
      { id: review.agreementId, r: 'Member asked to pause' },
    );
    await expect(open).toHaveCount(0, { timeout: 30_000 });
    expect((await graphql<ReviewAnswer>(request, token, READ, { m: memberId, a: accountId })).depositReview.open).toBe(
      null,
    );

    // His tap on the review he was offered is refused, changing nothing.
    const jackToken = await tokenOf(request, JACK);
    const response = await request.post('/graphql', {
      headers: { authorization: `Bearer ${jackToken}`, 'apollo-require-preflight': 'true' },
      data: {
        query: `mutation ($m: Int!, $a: Int!, $r: Int!) { acceptDepositReview(memberId: $m, accountId: $a, reviewId: $r) {
          ok errors { code } } }`,
        variables: { m: memberId, a: accountId, r: review.open!.reviewId },
      },
    });
    const body = (await response.json()) as {
      data: { acceptDepositReview: { ok: boolean; errors: { code: string }[] } };
    };
    expect(body.data.acceptDepositReview).toEqual({ ok: false, errors: [{ code: 'REVIEW_NOT_OPEN' }] });
  });
});
