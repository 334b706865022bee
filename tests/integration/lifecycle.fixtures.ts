import { todayIn } from '../../server/src/shared/local-date.js';
import { AGENT, MEMBER_PASSWORD } from '../support/demo.js';
import type { TestServer } from '../support/server.js';
import { bpayBillerInput, bpayCompany, sql } from './biller-wizard.fixtures.js';

/**
 * A new agreement prepared for activation through the real operations: startNewAgreement for the member's account
 * with none, a BPAY biller through saveBiller; the deposits and the capacity confirmation written directly (their
 * steps are other engineers' and may not have landed).
 */
export async function preparedNewAgreement(
  server: TestServer,
  memberNumber = '100006',
  { complete = true }: { complete?: boolean } = {},
): Promise<{ agreementId: number; accountId: number; memberId: number }> {
  const staff = await server.token(...AGENT);
  const [link] = await sql<{ member_id: number; account_id: number }>(
    server,
    `select l.member_id, l.account_id from member_account_link l join member m on m.id = l.member_id
     where m.member_number = ? and l.is_active order by l.account_id limit 1`,
    [memberNumber],
  );
  const started = await server.graphql<{
    startNewAgreement: { wizard: { agreementId: number } | null; errors: { message: string }[] };
  }>(
    'mutation($m: Int!, $a: Int!) { startNewAgreement(memberId: $m, accountId: $a) { wizard { agreementId } errors { message } } }',
    { m: Number(link.member_id), a: Number(link.account_id) },
    staff,
  );
  const agreementId = started.body.data?.startNewAgreement.wizard?.agreementId;
  if (!agreementId) throw new Error(`startNewAgreement: ${JSON.stringify(started.body)}`);
  if (complete) await completeNewAgreement(server, agreementId);
  return { agreementId, accountId: Number(link.account_id), memberId: Number(link.member_id) };
}

/** A biller, the deposits and the capacity confirmation, so that the version can be activated. */
export async function completeNewAgreement(server: TestServer, agreementId: number): Promise<void> {
  const staff = await server.token(...AGENT);
  const bpay = await bpayCompany(server);
  const today = server.app.services.clock.today();
  const saved = await server.graphql<{ saveBiller: { errors: { message: string }[] } }>(
    `mutation($input: BillerInput!) { saveBiller(input: $input) { errors { message } } }`,
    {
      input: bpayBillerInput(bpay, agreementId, today),
    },
    staff,
  );
  if (saved.body.data?.saveBiller.errors.length !== 0) throw new Error(`saveBiller: ${JSON.stringify(saved.body)}`);
  await sql(
    server,
    `update agreement set deposit_amount = 40.00, contribution_frequency = 2, contribution_date = ?::date,
       payment_capacity_confirmed = true where id = ?`,
    [today, agreementId],
  );
}

/** Staff activate the new agreement at the wizard's step 8: it is sent to the member. Throws on a refusal. */
export async function activateByStaff(server: TestServer, agreementId: number): Promise<void> {
  const activated = await server.graphql<{ activateAgreement: { errors: unknown[] } }>(
    `mutation($id: Int!) { activateAgreement(agreementId: $id) { errors { code message } } }`,
    { id: agreementId },
    await server.token(...AGENT),
  );
  const errors = activated.body.data?.activateAgreement.errors;
  if (errors?.length !== 0) throw new Error(`activateAgreement: ${JSON.stringify(activated.body)}`);
}

/** The member approves the agreement staff sent them (queued to be applied). Throws on a refusal. */
export async function approveByMember(server: TestServer, agreementId: number, memberNumber: string): Promise<void> {
  const approved = await server.graphql<{ approveAgreement: { ok: boolean } }>(
    `mutation($id: Int!) { approveAgreement(agreementId: $id) { ok errors { code message } } }`,
    { id: agreementId },
    await server.token(memberNumber, MEMBER_PASSWORD),
  );
  if (approved.body.data?.approveAgreement.ok !== true) {
    throw new Error(`approveAgreement: ${JSON.stringify(approved.body)}`);
  }
}

export const sydneyToday = () => todayIn('Australia/Sydney');
