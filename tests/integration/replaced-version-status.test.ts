import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgreementStatus } from '../../server/src/shared/agreement-status.js';
import { AGENT, MEMBER_TWO_ACCOUNTS, REPORTER } from '../support/demo.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { modificationOf, sql } from './biller-wizard.fixtures.js';
import { gql, session, type Session } from './portal-support.js';

/**
 * A version a modification replaced and one a renewal replaced both take status 10 (the state machine's Supersede;
 * DOMAIN.md has one code for them). Their pages and the agreements report said "Renewed" for both (agreement 3 of
 * member 100001 after a modification was applied); the words now say which.
 */
const VIEW = 'query($id: Int!) { agreement(agreementId: $id) { summary { status statusName } } }';
const REPORT = `query($f: ReportFilter) { reportAgreements(first: 100, filter: $f) { edges { node { id statusName } } } }`;

type View = { agreement: { summary: { status: string; statusName: string } } };
type Report = { reportAgreements: { edges: { node: { id: number; statusName: string } }[] } };

let server: TestServer;
let staff: Session;
let reporter: Session;
let modifiedId: number;
let renewedId: number;

beforeAll(async () => {
  server = await startTestServer();
  staff = await session(server, AGENT);
  reporter = await session(server, REPORTER);
  // The demo's renewed version: its successor starts after its end.
  const [renewed] = await sql<{ id: number }>(
    server,
    `select p.id from agreement p join agreement g on g.previous_id = p.id
     where p.status = ${AgreementStatus.Renewed} and g.start_date > p.end_date order by p.id limit 1`,
  );
  renewedId = Number(renewed.id);
  // Member 100001's version in force, replaced by an applied modification.
  const { versionId, inForceId } = await modificationOf(server, MEMBER_TWO_ACCOUNTS[0]);
  await sql(server, `update agreement set status = ${AgreementStatus.Queued} where id = ?`, [versionId]);
  const result = await server.app.services.changeApplier.applyQueued(server.app.database.orm.em.fork(), versionId);
  expect(result.stage).toBe('APPLIED');
  modifiedId = inForceId;
});
afterAll(() => server?.stop());

describe('the name of a replaced version’s status (rule "renewed or replaced")', () => {
  it('says a modification replaced it, on its page', async () => {
    const view = (await gql<View>(server, staff, VIEW, { id: modifiedId })).data!.agreement;
    expect(view.summary).toEqual({ status: 'Renewed', statusName: 'Replaced by a modification' });
  });

  it('still says "Renewed" of a version a renewal replaced', async () => {
    const view = (await gql<View>(server, staff, VIEW, { id: renewedId })).data!.agreement;
    expect(view.summary).toEqual({ status: 'Renewed', statusName: 'Renewed' });
  });

  it('says the same in the agreements report', async () => {
    const body = await gql<Report>(server, reporter, REPORT, { f: { status: AgreementStatus.Renewed } });
    const names = new Map(body.data!.reportAgreements.edges.map(({ node }) => [node.id, node.statusName]));
    expect(names.get(modifiedId)).toBe('Replaced by a modification');
    expect(names.get(renewedId)).toBe('Renewed');
  });
});
