import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  useAgreementDepositsQuery,
  useDepositsApprovalsQuery,
  useSaveAgreementDepositsMutation,
} from '../../../gql/hooks';
import { formatDate } from '../../../shared/dates';
import { WholeDates } from '../../../shared/ui/WholeDates';
import { serverMessage } from '../../../shared/errors';
import { formatMoney } from '../../../shared/money';
import { Loading } from '../../../shared/ui/Loading';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { StepProps } from '../step-registry';
import { LIST_POSITION } from '../billers-list/list-notice';
import { stepBy, WizardMode } from '../wizard-frame';
import { useReportUnsaved } from '../unsaved/unsaved-edits';
import { ApprovalsPanel } from './ApprovalsPanel';
import { DateField } from './DateField';
import { DepositOptions } from './DepositOptions';
import {
  approvalNotices,
  depositsSaveFailure,
  draftOf,
  FREQUENCY,
  rememberDraft,
  saveBlockedReason,
  takeRememberedDraft,
  withRemembered,
  type DepositsDraft,
} from './deposits-form';
import { ExplainDeposit } from './ExplainDeposit';
import { OverdrawChoice } from './OverdrawChoice';
import { PaymentPreference } from './PaymentPreference';

interface Problem {
  code: string;
  field: string | null;
  message: string;
}

/** Refusals shown under their own field; the rest are listed above the buttons. */
const FIELDS_SHOWN_IN_PLACE = new Set([
  'contributionFrequency',
  'contributionDate',
  'biMonthly1stDate',
  'biMonthly2ndDate',
  'selectedContributionDate',
  'depositType',
  'remitterName',
  'remitterNumber',
  'periodicalPaymentAccount',
  'topupAccount',
]);

/** Whether two drafts hold the same entries (the draft is plain data). */
function sameDraft(a: DepositsDraft, b: DepositsDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How long typing waits before the server works the deposits out again. */
const RECALCULATE_AFTER_MS = 350;

/**
 * Step 4 of Create and Modify (spec 3 §2-§5): the option cards with their deposits, the start (or next) date, the
 * bi-monthly dates, the payment preference, the overdraw choice and the approvals notice, and the chosen deposit
 * explained. Every change is worked out by the server (`agreementDeposits` with the draft); saving checks again.
 */
export function DepositsStep({ session, readOnly, go }: StepProps) {
  const agreementId = session.agreementId;
  const modify = session.kind === 'Modify';
  const [draft, setDraft] = useState<DepositsDraft | null>(null);
  const [sent, setSent] = useState<DepositsDraft | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  // Saved, with approvals needed: continuing waits for them (the approval module keeps their state).
  const [awaitingApproval, setAwaitingApproval] = useState(false);
  const [approved, setApproved] = useState(false);
  const onApprovalState = useCallback((canProceed: boolean) => setApproved(canProceed), []);
  // Reopened after an approval was asked for the saved deposits: its state (waiting, granted, refused with the step-back
  // sentence) shows at once, as it did when the step was left.
  const saved = useDepositsApprovalsQuery({ variables: { agreementId }, fetchPolicy: 'network-only' });
  const askedBefore =
    saved.data?.agreementApprovals.kinds.some((kind) => kind.needed && kind.decision !== 'None') ?? false;
  useEffect(() => {
    if (askedBefore) setAwaitingApproval(true);
  }, [askedBefore]);
  // What was entered before Back was chosen comes back (issue 26 item 7), once.
  const remembered = useRef<Partial<DepositsDraft> | null | undefined>(undefined);
  if (remembered.current === undefined) remembered.current = takeRememberedDraft(agreementId);

  const { data, previousData, loading, error, refetch } = useAgreementDepositsQuery({
    variables: { agreementId, draft: sent },
    fetchPolicy: 'network-only',
  });
  const [save, saving] = useSaveAgreementDepositsMutation();
  const answer = (data ?? previousData)?.agreementDeposits;
  const step = answer?.step ?? null;

  // The first answer (the stored step) becomes the draft, with what was entered before going back.
  const [stored, setStored] = useState<DepositsDraft | null>(null);
  useEffect(() => {
    if (step && draft === null) {
      const initial = withRemembered(draftOf(step), remembered.current ?? null);
      setStored(draftOf(step));
      setDraft(initial);
      setSent(initial);
    }
  }, [step, draft]);
  // Edits not saved yet: leaving the wizard asks first.
  useReportUnsaved('deposits', draft !== null && stored !== null && !sameDraft(draft, stored));

  // Typing is sent once it pauses.
  useEffect(() => {
    if (draft === null || draft === sent) return;
    const timer = setTimeout(() => setSent(draft), RECALCULATE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [draft, sent]);

  const fieldErrors = useMemo(
    () => new Map(problems.filter((p) => p.field).map((p) => [p.field!, p.message])),
    [problems],
  );
  const errorOf = (field: string) => fieldErrors.get(field) ?? null;

  if (!step && loading) return <Loading label="Working out the deposits…" />;
  if (error && !step)
    return (
      <Stack gap="3">
        <StatusAlert status="error">
          {serverMessage(error, 'Error when loading the form. Please try again later or contact administrator.')}
        </StatusAlert>
        <Button alignSelf="start" onClick={() => void refetch()}>
          Try again
        </Button>
      </Stack>
    );
  if (!step || !draft) {
    return (
      <StatusAlert status="error">
        {answer?.errors[0]?.message ?? 'Error when loading the form. Please try again later or contact administrator.'}
      </StatusAlert>
    );
  }

  const change = (next: Partial<DepositsDraft>) => {
    setProblems([]);
    setAwaitingApproval(false);
    setDraft({ ...draft, ...next });
  };
  const d = step.deposits;
  const details = step.paymentDetails;
  const chosen = step.options.find((option) => option.frequency === draft.contributionFrequency) ?? null;
  const stale = draft !== sent || loading;
  const blocked = saveBlockedReason(step, draft);
  const approvals = approvalNotices(step);

  const back = () => {
    rememberDraft(agreementId, draft);
    // Continue came here from the list (four steps on): Back returns there, not to an empty details step.
    go(session.mode === WizardMode.Continue ? LIST_POSITION : stepBy(session, -1));
  };

  const next = async () => {
    setProblems([]);
    try {
      const result = (await save({ variables: { agreementId, input: draft } })).data?.saveAgreementDeposits;
      if (!result) return setProblems([{ code: 'SERVER', field: null, message: depositsSaveFailure() }]);
      if (result.errors.length > 0) return setProblems(result.errors);
      if ((result.step?.paymentDetails?.approvalsNeeded.length ?? 0) > 0) return setAwaitingApproval(true);
      go(stepBy(session, 1));
    } catch (caught) {
      setProblems([{ code: 'SERVER', field: null, message: depositsSaveFailure(caught) }]);
    }
  };

  return (
    <Stack gap="5" data-testid="wizard-step-deposits">
      <DepositOptions
        options={step.options}
        value={draft.contributionFrequency ?? null}
        disabled={readOnly}
        onChange={(frequency) => change({ contributionFrequency: frequency, contributionAmount: null })}
      />
      {errorOf('contributionFrequency') && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {errorOf('contributionFrequency')}
        </Text>
      )}

      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-start' }}>
        <DateField
          label={modify ? 'Next deposit date' : 'Start date (first deposit)'}
          testId="deposit-date"
          value={draft.contributionDate ?? null}
          onChange={(value) => change({ contributionDate: value })}
          disabled={readOnly}
          error={
            errorOf('contributionDate') ??
            (step.planError?.field === 'contributionDate' ? step.planError.message : null)
          }
          helperText={`From ${formatDate(d.dateRangeFrom)} to ${formatDate(d.dateRangeTo)}${
            modify && d.oldContributionDate ? `; currently ${formatDate(d.oldContributionDate)}` : ''
          }.`}
        />
        <Text fontSize="sm" color="fg.muted" pt={{ md: '8' }}>
          <WholeDates>{`Agreement period ${formatDate(d.startDate)} to ${formatDate(d.endDate)}`}</WholeDates>
        </Text>
      </Stack>

      {draft.contributionFrequency === FREQUENCY.biMonthly && (
        <Stack gap="3" data-testid="bi-monthly-dates">
          <Stack direction={{ base: 'column', md: 'row' }} gap="4">
            <DateField
              label="First date each month"
              value={draft.biMonthly1stDate ?? null}
              onChange={(value) => change({ biMonthly1stDate: value })}
              error={errorOf('biMonthly1stDate')}
              disabled={readOnly}
            />
            <DateField
              label="Second date each month"
              value={draft.biMonthly2ndDate ?? null}
              onChange={(value) => change({ biMonthly2ndDate: value })}
              error={errorOf('biMonthly2ndDate')}
              disabled={readOnly}
            />
          </Stack>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <Text as="legend" fontWeight="semibold" mb="2">
              Deposits start on
            </Text>
            <HStack gap="4" wrap="wrap">
              {[1, 2].map((choice) => (
                <label key={choice} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
                  <input
                    type="radio"
                    name="selectedContributionDate"
                    checked={draft.selectedContributionDate === choice}
                    disabled={readOnly}
                    onChange={() => change({ selectedContributionDate: choice })}
                  />
                  {choice === 1 ? 'the first date' : 'the second date'}
                </label>
              ))}
            </HStack>
            {errorOf('selectedContributionDate') && (
              <Text role="alert" color="fg.error" fontSize="sm">
                {errorOf('selectedContributionDate')}
              </Text>
            )}
          </fieldset>
        </Stack>
      )}

      <PaymentPreference draft={draft} accounts={step.accounts} change={change} errorOf={errorOf} disabled={readOnly} />
      <Text data-testid="deposits-fee">{d.feeDisplay}</Text>

      {d.notCoveringExpensesError && <StatusAlert status="error">{d.notCoveringExpensesError}</StatusAlert>}
      {d.allowPaymentTodayBypass && (
        <StatusAlert status="info">Paid up front from today: the expenses check does not apply.</StatusAlert>
      )}

      {details && (
        <Text fontSize="sm" color="fg.muted" data-testid="overdraw-rule">
          {details.overdrawRuleText}
        </Text>
      )}
      {details?.hasOverDrawDuration && (
        <OverdrawChoice
          details={details}
          accounts={step.accounts}
          draft={draft}
          setDraft={(nextDraft) => {
            setProblems([]);
            setDraft(nextDraft);
          }}
          errorOf={errorOf}
          disabled={readOnly}
        />
      )}
      {approvals.length > 0 && (
        <StatusAlert status="warning" title="Approval needed">
          <Stack gap="1" data-testid="approvals-needed">
            {approvals.map((notice) => (
              <Text key={notice}>{notice}</Text>
            ))}
            <Text>
              {awaitingApproval
                ? 'The deposits are saved. Continuing waits until every approval is granted.'
                : 'Save the deposits, then ask a manager: continuing waits until every approval is granted.'}
            </Text>
          </Stack>
        </StatusAlert>
      )}
      {awaitingApproval && details && (
        <ApprovalsPanel agreementId={agreementId} needed={details.approvalsNeeded} onState={onApprovalState} />
      )}
      {step.note && <StatusAlert status="info">{step.note}</StatusAlert>}
      {step.plan && chosen && <ExplainDeposit plan={step.plan} frequencyLabel={chosen.label} />}
      {!step.plan && step.planError && step.planError.field !== 'contributionDate' && (
        <StatusAlert status="info">{step.planError.message}</StatusAlert>
      )}

      <div aria-live="polite">
        {problems
          .filter((p) => !p.field || !FIELDS_SHOWN_IN_PLACE.has(p.field))
          .map((p) => (
            <StatusAlert key={`${p.code}-${p.field}`} status="error">
              {p.message}
            </StatusAlert>
          ))}
      </div>

      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={readOnly} onClick={back}>
          Back
        </Button>
        <Button
          colorPalette="brand"
          disabled={readOnly || blocked !== null || stale}
          loading={saving.loading}
          onClick={() => void next()}
          data-testid="deposits-save"
        >
          Save and continue
        </Button>
        {awaitingApproval && (
          <Button colorPalette="brand" disabled={!approved} onClick={() => go(stepBy(session, 1))}>
            Continue
          </Button>
        )}
        {blocked && (
          <Text fontSize="sm" color="fg.muted">
            {blocked}
          </Text>
        )}
        {!blocked && chosen?.depositAmount && (
          <Text fontSize="sm" color="fg.muted">
            {chosen.label} deposit {formatMoney(step.plan?.depositAmount ?? chosen.depositAmount)}
          </Text>
        )}
      </HStack>
    </Stack>
  );
}
