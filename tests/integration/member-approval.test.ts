import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_NO_AGREEMENT, MEMBER_PASSWORD, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { preparedNewAgreement } from './lifecycle.fixtures.js';

/**
 * Members approve changes (issue 26 item 3): save all sends a modification that alters what the member agreed to
 * to the member (it waits in 9, closed in the wizard, nothing applied); the member reviews it (what changed, the
 * deposits, the bills paid by hand, the forecast as approving would make it), and approves (queued, applied by the
 * change applier) or declines (cancelled; the running agreement as it was). A change of payment details only is
 * applied by staff alone. Each step is in the history.
 */

let server: TestServer;
let staff: string;
let member: string;
let otherMember: string;
let reporter: string;
let memberId: number;
let accountId: number;
let today: LocalDate;

const ERRORS = 'errors { code field message }';

async function gql<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
  const { body } = await server.graphql<T>(query, variables, token);
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>(server, 'select status from agreement where id = ?', [id]))[0].status);

const activitiesOf = (id: number) =>
  sql<{ type: number; details: string; data: Record<string, unknown> }>(
    server,
    'select type, details, data from activity where agreement_id = ? order by id',
    [id],
  );

/** What the running agreement is: its status, its bills and deposits, its balances (a decline leaves all of it). */
async function runningState(id: number) {
  const [row] = await sql<Record<string, unknown>>(
    server,
    `select a.status, a.deposit_amount::text as deposit,
       (select count(*)::int from bill b where b.agreement_id = a.id) as bills,
       (select coalesce(sum(expected_amount), 0)::text from bill b where b.agreement_id = a.id) as billed,
       (select count(*)::int from scheduled_deposit d where d.agreement_id = a.id) as deposits,
       (select count(*)::int from biller b where b.agreement_id = a.id) as billers
     from agreement a where a.id = ?`,
    [id],
  );
  return row;
}

/** Staff open a modification of the running agreement, add a bill the member pays by hand and raise the deposit. */
async function modificationWithManualBill(nickname: string, amount: string): Promise<number> {
  const started = await gql<{
    startAgreementModification: { wizard: { agreementId: number } | null; errors: unknown[] };
  }>(
    `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId } ${ERRORS} } }`,
    { m: memberId, a: accountId },
    staff,
  );
  expect(started.startAgreementModification.errors).toEqual([]);
  const versionId = started.startAgreementModification.wizard!.agreementId;
  const { billingCategories } = await gql<{ billingCategories: { id: number }[] }>(
    '{ billingCategories { id } }',
    {},
    staff,
  );
  const saved = await gql<{ saveBiller: { errors: unknown[] } }>(
    `mutation ($input: BillerInput!) { saveBiller(input: $input) { ${ERRORS} } }`,
    {
      input: {
        contractId: versionId,
        billingCategoryId: billingCategories[0].id,
        nickname,
        paymentType: 1,
        bsbNumber: '062000',
        eftAccountNumber: '12345678',
        eftAccountName: 'A Member',
        expectedBillValue: amount,
        billingFrequency: 3,
        isExactDateOfBillKnown: true,
        dateOfBill: addDays(today, 20),
        doesAmountVaryFromBillToBill: false,
        isAutoPaymentBill: false,
      },
    },
    staff,
  );
  expect(saved.saveBiller.errors).toEqual([]);
  // The deposits step's result (its own tests cover the step): a higher fortnightly deposit from today, within the
  // approved overdraw and the upper limit (no manager's approval needed).
  await sql(
    server,
    `update agreement set deposit_amount = deposit_amount + 25.00, contribution_frequency = 2,
       contribution_date = ?::date, total_overdraw_amount = 0, total_contract_value = 1000 where id = ?`,
    [today, versionId],
  );
  return versionId;
}

const SAVE_ALL = `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) {
  outcome { agreementId status message stage } ${ERRORS} } }`;
const REVIEW = `query($id: Int!) { agreementChangeReview(agreementId: $id) {
  agreementId previousAgreementId status isRenewal waitingForMember sentAt needsMemberApproval canDecide
  added { name amount frequency paidByHand } removed { name } reinstated { name }
  changed { name changes { field before after } } depositChanges { field before after }
  deposit { amount frequency firstDate } paidByHand { name amount paidByHand }
  forecast { tone headline onTrack firstShortDate firstShortfall } } }`;
const APPROVE = `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok ${ERRORS} agreement { status } } }`;
const DECLINE = `mutation($id: Int!, $r: String) { declineAgreementChange(agreementId: $id, reason: $r) { ok ${ERRORS} } }`;

interface Review {
  status: string;
  waitingForMember: boolean;
  needsMemberApproval: boolean;
  canDecide: boolean;
  added: { name: string; amount: string; frequency: string; paidByHand: boolean }[];
  depositChanges: { field: string; before: string | null; after: string | null }[];
  deposit: { amount: string; frequency: string; firstDate: string | null };
  paidByHand: { name: string }[];
  forecast: { tone: string; headline: string; onTrack: boolean };
}

beforeAll(async () => {
  server = await startTestServer();
  today = server.app.services.clock.today();
  [staff, member, otherMember, reporter] = await Promise.all([
    server.token(...AGENT),
    server.token(MEMBER_TWO_ACCOUNTS[0], MEMBER_PASSWORD),
    server.token(...MEMBER_NO_AGREEMENT),
    server.token(...REPORTER),
  ]);
  ({ accountId } = await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0]));
  const [link] = await sql<{ member_id: number }>(
    server,
    `select l.member_id from member_account_link l join member m on m.id = l.member_id
     where m.member_number = ? and l.account_id = ?`,
    [MEMBER_TWO_ACCOUNTS[0], accountId],
  );
  memberId = Number(link.member_id);
});
afterAll(async () => {
  await server?.stop();
});

describe('a modification the member declines', () => {
  let versionId: number;
  let inForceId: number;
  let before: Record<string, unknown>;

  it('save all sends it to the member: it waits in 9, closed in the wizard, nothing queued or applied', async () => {
    inForceId = (await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0])).agreementId;
    before = await runningState(inForceId);
    versionId = await modificationWithManualBill('Garden service', '80.00');
    const saved = await gql<{ saveAllAgreementChanges: { outcome: Record<string, unknown>; errors: unknown[] } }>(
      SAVE_ALL,
      { id: versionId },
      staff,
    );
    expect(saved.saveAllAgreementChanges.errors).toEqual([]);
    expect(saved.saveAllAgreementChanges.outcome).toEqual({
      agreementId: versionId,
      status: 'ModificationPendingApproval',
      message:
        'The changes have been sent to the member for approval. They will be applied once the member approves them.',
      stage: null,
    });
    expect(await statusOf(versionId)).toBe(9);
    expect(await server.app.services.jobs.drain()).toBe(0);
    expect(await statusOf(versionId)).toBe(9);
    expect(await runningState(inForceId)).toEqual(before);

    // Staff see that it waits: the wizard is closed on it, and Modify says a change is waiting.
    const wizard = await gql<{ agreementWizard: { errors: { code: string }[] } }>(
      `query($id: Int!) { agreementWizard(agreementId: $id) { ${ERRORS} } }`,
      { id: versionId },
      staff,
    );
    expect(wizard.agreementWizard.errors.map((e) => e.code)).toEqual(['WIZARD_CLOSED']);
    const entries = await gql<{
      agreementWizardEntries: { modify: { allowed: boolean; refusal: { code: string } | null } };
    }>(
      'query($a: Int!, $m: Int!) { agreementWizardEntries(accountId: $a, memberId: $m) { modify { allowed refusal { code } } } }',
      { a: accountId, m: memberId },
      staff,
    );
    expect(entries.agreementWizardEntries.modify).toEqual({
      allowed: false,
      refusal: { code: 'CHANGE_ALREADY_WAITING' },
    });
    const again = await gql<{ saveAllAgreementChanges: { errors: { code: string }[] } }>(
      SAVE_ALL,
      { id: versionId },
      staff,
    );
    expect(again.saveAllAgreementChanges.errors.map((e) => e.code)).toEqual(['ALREADY_ACTIVATED']);

    // Its history says what changed, before → after.
    const sent = (await activitiesOf(versionId)).find((a) => a.data.event === 'SaveAll')!;
    expect(sent).toMatchObject({ type: 8, data: { fromStatus: 9, toStatus: 9, sentToMember: true } });
    expect(JSON.parse(sent.details)).toMatchObject({
      billersAdded: ['Garden service ($80.00 per month)'],
      'Deposit amount': { before: expect.stringMatching(/^\$/), after: expect.stringMatching(/^\$/) },
    });
    const history = await gql<{
      activities: {
        items: {
          type: number;
          modificationChanges: { field: string; before: string | null; after: string | null }[] | null;
        }[];
      };
    }>(
      `query($m: Int!, $a: Int!) { activities(memberId: $m, accountId: $a, page: 1, pageSize: 20) {
        items { type modificationChanges { field before after } } } }`,
      { m: memberId, a: accountId },
      staff,
    );
    const shown = history.activities.items.find((a) => a.type === 8 && a.modificationChanges !== null);
    expect(shown?.modificationChanges).toEqual(
      expect.arrayContaining([{ field: 'Billers added', before: null, after: 'Garden service ($80.00 per month)' }]),
    );
  });

  it('the member reviews what changed: the new bill paid by hand, the deposits, the forecast', async () => {
    const { agreementChangeReview: review } = await gql<{ agreementChangeReview: Review }>(
      REVIEW,
      { id: versionId },
      member,
    );
    expect(review).toMatchObject({
      status: 'ModificationPendingApproval', // 9
      waitingForMember: true,
      needsMemberApproval: true,
      canDecide: true,
      added: [{ name: 'Garden service', amount: '80.00', frequency: 'per month', paidByHand: true }],
      deposit: { frequency: 'Fortnightly', firstDate: today },
    });
    expect(review.paidByHand.map((b) => b.name)).toContain('Garden service');
    expect(review.depositChanges.find((c) => c.field === 'Deposit amount')).toBeDefined();
    expect(['onTrack', 'short']).toContain(review.forecast.tone);
    // The preview applied nothing.
    expect(await runningState(inForceId)).toEqual(before);
    expect(await statusOf(versionId)).toBe(9);

    const stranger = await server.graphql(REVIEW, { id: versionId }, otherMember);
    expect(stranger.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const staffRefused = await gql<{ declineAgreementChange: { ok: boolean; errors: { code: string }[] } }>(
      DECLINE,
      { id: versionId, r: null },
      staff,
    );
    expect(staffRefused.declineAgreementChange.errors.map((e) => e.code)).toEqual(['STAFF_CANNOT_APPROVE']);
  });

  it('the member declines: the change is cancelled and the running agreement is as it was', async () => {
    const declined = await gql<{ declineAgreementChange: { ok: boolean; errors: unknown[] } }>(
      DECLINE,
      { id: versionId, r: 'Too much for now' },
      member,
    );
    expect(declined.declineAgreementChange).toEqual({ ok: true, errors: [] });
    expect(await statusOf(versionId)).toBe(6);
    await server.app.services.jobs.drain();
    expect(await runningState(inForceId)).toEqual(before);
    const last = (await activitiesOf(versionId)).at(-1)!;
    expect(last).toMatchObject({ type: 8, details: expect.stringContaining('declined by the member') });
    expect(last.data).toMatchObject({ event: 'MemberDecline', fromStatus: 9, toStatus: 6, reason: 'Too much for now' });
    const twice = await gql<{ declineAgreementChange: { errors: { code: string }[] } }>(
      DECLINE,
      { id: versionId, r: null },
      member,
    );
    expect(twice.declineAgreementChange.errors.map((e) => e.code)).toEqual(['NOT_AWAITING_APPROVAL']);
  });
});

const WITHDRAW = `mutation($id: Int!, $r: String!) { withdrawAgreementChange(agreementId: $id, reason: $r) {
  outcome { agreementId status message } ${ERRORS} } }`;
interface Withdrawn {
  withdrawAgreementChange: {
    outcome: { status: string; message: string } | null;
    errors: { code: string; field?: string; message?: string }[];
  };
}
const canWithdraw = async (id: number, token: string) =>
  (
    await gql<{ agreementChangeReview: { canWithdraw: boolean } }>(
      'query($id: Int!) { agreementChangeReview(agreementId: $id) { canWithdraw } }',
      { id },
      token,
    )
  ).agreementChangeReview.canWithdraw;

describe('a modification staff withdraw before the member decides', () => {
  it('only once sent and only by staff: cancelled, the running agreement as it was, the reason in the history', async () => {
    const inForceId = (await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0])).agreementId;
    const before = await runningState(inForceId);
    const versionId = await modificationWithManualBill('Pool service', '60.00');
    // Still being edited: cancelled in the wizard instead.
    expect(await canWithdraw(versionId, staff)).toBe(false);
    const early = await gql<Withdrawn>(WITHDRAW, { id: versionId, r: 'Sent by mistake' }, staff);
    expect(early.withdrawAgreementChange.errors.map((e) => e.code)).toEqual(['NOT_SENT_TO_MEMBER']);
    expect(await statusOf(versionId)).toBe(9);

    await gql(SAVE_ALL, { id: versionId }, staff);
    expect(await canWithdraw(versionId, staff)).toBe(true);
    expect(await canWithdraw(versionId, member)).toBe(false);
    expect(await canWithdraw(versionId, reporter)).toBe(false);
    // The member and the reporter may not; a reason is required. None of these changes anything.
    for (const token of [member, reporter, otherMember]) {
      const { body } = await server.graphql(WITHDRAW, { id: versionId, r: 'No' }, token);
      expect(body.errors?.length ?? 0, 'refused').toBeGreaterThan(0);
    }
    const noReason = await gql<Withdrawn>(WITHDRAW, { id: versionId, r: '  ' }, staff);
    expect(noReason.withdrawAgreementChange.errors.length).toBe(1);
    expect(await statusOf(versionId)).toBe(9);

    const withdrawn = await gql<Withdrawn>(WITHDRAW, { id: versionId, r: 'Sent by mistake' }, staff);
    expect(withdrawn.withdrawAgreementChange).toEqual({
      outcome: {
        agreementId: versionId,
        status: 'Cancelled',
        message: 'The change has been withdrawn. The agreement in force runs on as it was.',
      },
      errors: [],
    });
    expect(await statusOf(versionId)).toBe(6);
    await server.app.services.jobs.drain();
    expect(await runningState(inForceId)).toEqual(before);
    const last = (await activitiesOf(versionId)).at(-1)!;
    expect(last.details).toContain('withdrawn by staff before the member decided: Sent by mistake');
    expect(last.data).toMatchObject({ event: 'Withdraw', fromStatus: 9, toStatus: 6, reason: 'Sent by mistake' });

    // Nothing left to decide or to withdraw.
    const approve = await gql<{ approveAgreement: { errors: { code: string }[] } }>(APPROVE, { id: versionId }, member);
    expect(approve.approveAgreement.errors.map((e) => e.code)).toEqual(['NOT_AWAITING_APPROVAL']);
    const twice = await gql<Withdrawn>(WITHDRAW, { id: versionId, r: 'Again' }, staff);
    expect(twice.withdrawAgreementChange.errors).toEqual([
      {
        code: 'TRANSITION_NOT_ALLOWED',
        field: 'agreementId',
        message: 'An agreement that is cancelled cannot be withdrawn.',
      },
    ]);
    expect(await canWithdraw(versionId, staff)).toBe(false);
  });
});

describe('a modification the member approves', () => {
  it('is refused before staff send it, then approved: queued, applied by the change applier, history kept', async () => {
    const inForceId = (await agreementInForce(server, MEMBER_TWO_ACCOUNTS[0])).agreementId;
    const versionId = await modificationWithManualBill('Window cleaning', '45.00');
    const early = await gql<{ approveAgreement: { ok: boolean; errors: { code: string }[] } }>(
      APPROVE,
      { id: versionId },
      member,
    );
    expect(early.approveAgreement.errors.map((e) => e.code)).toEqual(['NOT_SENT_TO_MEMBER']);
    expect(await statusOf(versionId)).toBe(9);

    await gql(SAVE_ALL, { id: versionId }, staff);
    const approved = await gql<{ approveAgreement: { ok: boolean; agreement: { status: string } } }>(
      APPROVE,
      { id: versionId },
      member,
    );
    expect(approved.approveAgreement).toMatchObject({ ok: true, agreement: { status: 'Queued' } }); // 2
    await server.app.services.jobs.drain();
    expect(await statusOf(versionId)).toBe(7);
    expect(await statusOf(inForceId)).toBe(10);
    const [bills] = await sql<{ n: number }>(
      server,
      `select count(*)::int as n from bill b join biller r on r.id = b.biller_id
       where b.agreement_id = ? and r.nickname = 'Window cleaning'`,
      [versionId],
    );
    expect(bills.n).toBeGreaterThan(0);
    const types = (await activitiesOf(versionId)).map((a) => [a.type, a.data.event]);
    expect(types).toEqual(
      expect.arrayContaining([
        [8, 'StartModification'],
        [8, 'SaveAll'],
        [8, 'MemberApprove'],
        [36, 'BeginApply'],
        [21, 'ApplyChange'],
      ]),
    );
    const replaced = (await activitiesOf(inForceId)).at(-1)!;
    expect(replaced).toMatchObject({ type: 36, data: { event: 'Supersede', fromStatus: 7, toStatus: 10 } });
  });
});

describe('a change staff may apply alone', () => {
  it('a biller’s nickname only: save all queues it without the member', async () => {
    const started = await gql<{
      startAgreementModification: { wizard: { agreementId: number } | null; errors: unknown[] };
    }>(
      `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId } ${ERRORS} } }`,
      { m: memberId, a: accountId },
      staff,
    );
    const versionId = started.startAgreementModification.wizard!.agreementId;
    await sql(
      server,
      `update biller set nickname = nickname || ' (home)', modification_state = 2
       where id = (select min(id) from biller where agreement_id = ?)`,
      [versionId],
    );
    const saved = await gql<{ saveAllAgreementChanges: { outcome: { status: string; stage: string } } }>(
      SAVE_ALL,
      { id: versionId },
      staff,
    );
    expect(saved.saveAllAgreementChanges.outcome).toMatchObject({ status: 'Queued', stage: 'QUEUED' });
    await server.app.services.jobs.drain();
    expect(await statusOf(versionId)).toBe(7);
  });
});

describe('a new agreement staff sent the member', () => {
  let prepared: { agreementId: number; accountId: number };

  /** Everything the member's approval would change on the version (and its apply job, counted by the drain). */
  const footprint = async (id: number) =>
    (
      await sql<Record<string, unknown>>(
        server,
        `select a.status, a.member_approved_at, a.activated_at, a.activated_by_id, a.wizard_step, a.updated_at,
           (select count(*)::int from activity v where v.agreement_id = a.id) as activities
         from agreement a where a.id = ?`,
        [id],
      )
    )[0];

  // A new agreement still in the wizard (staff have not activated it at step 8): the member was offered "Approve
  // agreement" and could approve it, half-made, past the completeness checks activation makes (found 2026-11-29).
  it('is not the member’s to approve before staff send it: refused over GraphQL and REST, nothing changes', async () => {
    prepared = await preparedNewAgreement(server, MEMBER_NO_AGREEMENT[0]);
    const before = await footprint(prepared.agreementId);
    const view = await gql<{ agreement: { canApprove: boolean } }>(
      'query($id: Int!) { agreement(agreementId: $id) { canApprove } }',
      { id: prepared.agreementId },
      otherMember,
    );
    expect(view.agreement.canApprove).toBe(false);

    const refusal = {
      code: 'NOT_SENT_TO_MEMBER',
      field: 'agreementId',
      message: 'Staff have not finished preparing this agreement yet. You can approve it once they send it to you.',
    };
    const approved = await gql<{ approveAgreement: { ok: boolean; errors: unknown[]; agreement: unknown } }>(
      APPROVE,
      { id: prepared.agreementId },
      otherMember,
    );
    expect(approved.approveAgreement).toEqual({ ok: false, errors: [refusal], agreement: null });
    const response = await fetch(`${server.url}/api/Contracts/memberApprove/${prepared.agreementId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${otherMember}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: refusal.code, message: refusal.message });

    expect(await footprint(prepared.agreementId)).toEqual(before);
    expect(await server.app.services.jobs.drain()).toBe(0);
  });

  // The member's open overview asks them to approve it (ChangeWaitingNotice): without it, a member on their overview
  // saw "Pending approval" and no way to the approval (found walking the lifecycle, 2026-11-29).
  it('waits for the member once staff activate it, as a modification does; approved, it waits no more', async () => {
    const WAITING = `query($a: Int!) { agreementChangeWaiting(accountId: $a) {
      agreementId previousAgreementId waitingForMember message } }`;
    const waiting = async (account: number, token: string) =>
      (await gql<{ agreementChangeWaiting: Record<string, unknown> | null }>(WAITING, { a: account }, token))
        .agreementChangeWaiting;

    expect(await waiting(prepared.accountId, otherMember)).toBeNull();
    expect(await waiting(prepared.accountId, staff)).toEqual({
      agreementId: prepared.agreementId,
      previousAgreementId: null,
      waitingForMember: false,
      message: 'A new agreement is being prepared by staff; not sent to the member yet.',
    });

    const activated = await gql<{ activateAgreement: { errors: unknown[] } }>(
      `mutation($id: Int!) { activateAgreement(agreementId: $id) { ${ERRORS} } }`,
      { id: prepared.agreementId },
      staff,
    );
    expect(activated.activateAgreement.errors).toEqual([]);
    const view = await gql<{ agreement: { canApprove: boolean } }>(
      'query($id: Int!) { agreement(agreementId: $id) { canApprove } }',
      { id: prepared.agreementId },
      otherMember,
    );
    expect(view.agreement.canApprove).toBe(true);
    expect(await waiting(prepared.accountId, otherMember)).toEqual({
      agreementId: prepared.agreementId,
      previousAgreementId: null,
      waitingForMember: true,
      message: 'Your new agreement waits for your approval. Please review it, then approve it.',
    });
    expect(await waiting(prepared.accountId, staff)).toMatchObject({
      waitingForMember: true,
      message: 'The new agreement waits for the member’s approval.',
    });

    const approved = await gql<{ approveAgreement: { ok: boolean } }>(
      `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok ${ERRORS} } }`,
      { id: prepared.agreementId },
      otherMember,
    );
    expect(approved.approveAgreement.ok).toBe(true);
    expect(await waiting(prepared.accountId, otherMember)).toBeNull();
  });
});
