import { MANAGER } from './demo.js';

/**
 * A queued agreement change, made and watched the same way by the browser journeys (tests/e2e/portal-member.spec.ts)
 * and the live-refresh bench (tests/bench/live-refresh.ts): staff modify an account's agreement in force through the
 * real modify wizard's operations and save all, changing nothing the member agreed to, so the new version is queued
 * and applied by the job; a script in the member's page records what the overview showed, and when.
 */

/** Asks the server one GraphQL operation as `token`'s user; throws on any error. */
export type GraphqlCall = <T>(token: string, query: string, variables: Record<string, unknown>) => Promise<T>;
/** Signs a demo user in (POST /Token) and answers the access token. */
export type SignInCall = (username: string, password: string) => Promise<string>;

export interface QueuedChange {
  stage: string | null;
  /** The new version's id. */
  agreementId: number;
}

/**
 * Staff (`token`) start a modification of the account's agreement, have a manager sign the approvals the copy needs
 * again (the demo's agreements are beyond the approved overdraw), and save all: the change is queued.
 */
export async function queueModification(
  graphql: GraphqlCall,
  signIn: SignInCall,
  token: string,
  memberId: number,
  accountId: number,
): Promise<QueuedChange> {
  const { startAgreementModification } = await graphql<{
    startAgreementModification: { wizard: { agreementId: number } | null; errors: { message: string }[] };
  }>(
    token,
    'mutation ($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId } errors { message } } }',
    { m: memberId, a: accountId },
  );
  const versionId = startAgreementModification.wizard?.agreementId;
  if (startAgreementModification.errors.length > 0 || versionId === undefined) {
    throw new Error(`The modification did not start: ${JSON.stringify(startAgreementModification.errors)}`);
  }
  const { agreementApprovals } = await graphql<{
    agreementApprovals: { kinds: { approvalType: number; needed: boolean }[] };
  }>(token, 'query ($id: Int!) { agreementApprovals(agreementId: $id) { kinds { approvalType needed } } }', {
    id: versionId,
  });
  const needed = agreementApprovals.kinds.filter((kind) => kind.needed);
  if (needed.length > 0) {
    const manager = await signIn(...MANAGER);
    for (const { approvalType } of needed) {
      const { requestAgreementApproval } = await graphql<{
        requestAgreementApproval: { approval: { approvalId: number } };
      }>(
        token,
        'mutation ($id: Int!, $t: Int!) { requestAgreementApproval(agreementId: $id, approvalType: $t, note: "As before") { approval { approvalId } } }',
        { id: versionId, t: approvalType },
      );
      await graphql(
        manager,
        'mutation ($id: Int!) { decideAgreementApproval(approvalId: $id, approvalGranted: true, note: "Unchanged") { errors { message } } }',
        { id: requestAgreementApproval.approval.approvalId },
      );
    }
  }
  const { saveAllAgreementChanges } = await graphql<{
    saveAllAgreementChanges: { outcome: QueuedChange | null; errors: { message: string }[] };
  }>(
    token,
    'mutation ($id: Int!) { saveAllAgreementChanges(agreementId: $id) { outcome { stage agreementId } errors { message } } }',
    { id: versionId },
  );
  if (saveAllAgreementChanges.errors.length > 0 || !saveAllAgreementChanges.outcome) {
    throw new Error(`Save all was refused: ${JSON.stringify(saveAllAgreementChanges.errors)}`);
  }
  return saveAllAgreementChanges.outcome;
}

/** Records in the page, with times, the dialog's stages, its presence, and the agreement number shown. */
export const RECORDER = `(() => {
  const events = (window.__events = []);
  const last = (kind) => events.filter((event) => event.kind === kind).at(-1)?.value;
  const note = (kind, value) => {
    if (value !== null && last(kind) !== value) events.push({ kind, value, t: performance.now() });
  };
  const look = () => {
    const dialog = document.querySelector('[data-testid="queued-change-dialog"]');
    note('dialog', dialog ? 'shown' : 'hidden');
    note('stage', dialog ? dialog.getAttribute('data-stage') : null);
    note('agreement', document.querySelector('[data-testid="agreement-number"]')?.textContent ?? null);
  };
  look();
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

export interface RecordedEvent {
  kind: 'dialog' | 'stage' | 'agreement';
  value: string;
  t: number;
}

/** The page's recorded events (RECORDER), read by `evaluate` (Playwright's page.evaluate). */
export async function recordedEvents(page: { evaluate(script: string): Promise<unknown> }): Promise<RecordedEvent[]> {
  return (await page.evaluate('window.__events')) as RecordedEvent[];
}

/**
 * How long after the page heard the change applied it showed the new version (issue 4: within 2 seconds); null until
 * it has shown it.
 */
export function refreshedAfterApplied(events: readonly RecordedEvent[], newVersion: number): number | null {
  const applied = events.find((event) => event.kind === 'stage' && event.value === 'APPLIED');
  const shown = events.find((event) => event.kind === 'agreement' && event.value === String(newVersion));
  return applied && shown ? shown.t - applied.t : null;
}
