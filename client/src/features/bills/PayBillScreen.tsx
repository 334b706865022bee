import { Button, Field, HStack, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  useBillLinkedAccountsQuery,
  useBillToPayQuery,
  usePayBillMutation,
  usePayingBpayCheckQuery,
  usePaymentQuoteQuery,
  useReimburseBillMutation,
  useOverduePlanQuery,
} from '../../gql/hooks';
import type { PayBillInput } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { failureNotice, serverMessage } from '../../shared/errors';
import { SERVER_ERROR } from '../../shared/messages';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { FigureList } from './FigureList';
import { PayingDetailsList } from './PayingDetailsList';
import { ReviewPaymentDialog, type ReviewAttempt } from './ReviewPaymentDialog';
import { BILL_MESSAGES } from './bill-messages';
import {
  allocationWarningView,
  billOrAllocationOf,
  centsToDecimal,
  newIdempotencyKey,
  parseBillOrAllocation,
  payScreenTitle,
  toCents,
  topUpErrors,
  topUpView,
  type OverdueOption,
  type TopUpOption,
} from './bill-rules';
import { bpayAmountError, payingDetailsErrors } from './payment-details';
import { AmountInput } from '../../shared/amount/AmountInput';
import { amountOf } from '../../shared/amount/amount-entry';
import { useBillContext } from './use-bill-context';
import { useDebouncedValue } from './use-debounced-value';

/** How long the amount must rest before the pay screen asks the server for a quote. */
const QUOTE_DELAY_MS = 300;

type FieldErrors = { amount?: string; topupOption?: string; topupAccountNumber?: string; reimbursement?: string };

const TOP_UP_LABELS: Record<TopUpOption, string> = {
  rainyDay: 'From rainy day',
  linkedAccount: 'From a linked savings account',
  shortPay: 'Short pay (the agreement pays what it can; the rest is left owing)',
};

/** Pay bill, pay allocation, reimburse bill and reimburse allocation (spec 1 §2, §4 "Pay flow", §5). */
export function PayBillScreen({ mode }: { mode: 'pay' | 'reimburse' }) {
  const params = useParams();
  const billId = parsePositiveId(params.billId);
  const variant = parseBillOrAllocation(params.billOrAllocation);
  const { memberId, accountId, isStaff, base } = useBillContext();
  const navigate = useNavigate();
  const billQuery = useBillToPayQuery(billId ? { variables: { billId } } : skipToken);
  const bill = billQuery.data?.billDetails.bill;
  // What the overdue option pays is the server's (the rule paying uses): the screen shows its answer.
  const overduePlan = useOverduePlanQuery(
    bill && mode === 'pay'
      ? { variables: { billId: bill.billId, billOrAllocation: variant }, fetchPolicy: 'network-only' }
      : skipToken,
  );
  const linked = useBillLinkedAccountsQuery({ variables: { memberId, accountId } });
  const accounts = linked.data?.profile.linkedAccounts ?? [];
  const [payBill] = usePayBillMutation();
  const [reimburseBill] = useReimburseBillMutation();

  const [amountText, setAmountText] = useState<string | null>(null);
  const [overdueOption, setOverdueOption] = useState<OverdueOption>('ignore');
  const [topUpNeeded, setTopUpNeeded] = useState(false);
  const [topUpOption, setTopUpOption] = useState<TopUpOption | null>(null);
  const [topUpAccount, setTopUpAccount] = useState('');
  const [reimburseAccount, setReimburseAccount] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [detailErrors, setDetailErrors] = useState<string[]>([]);
  const [attempt, setAttempt] = useState<ReviewAttempt | null>(null);
  const [processing, setProcessing] = useState(false);

  // The amount on screen (spec 1 §4 "Overdue option": the selected bill's allocation, or all eligible combined).
  const plan = mode === 'pay' ? (overduePlan.data?.overduePlan ?? null) : null;
  const overdueShown = Boolean(plan?.offered);
  const combinedBills = plan?.combinedBills ?? [];
  const totalOf = (option: OverdueOption) =>
    option === 'combine' && plan?.offered
      ? { total: toCents(plan.combinedTotal), count: combinedBills.length }
      : { total: toCents(plan?.selectedTotal ?? bill?.amountAllocated), count: 1 };
  const totals = bill ? totalOf(overdueShown ? overdueOption : 'ignore') : null;
  const text = amountText ?? (totals ? centsToDecimal(totals.total) : '');
  const amount = amountOf(text);
  // What paying this amount would need (read-only), asked once the amount rests.
  const quoteVariables =
    mode === 'pay' && bill && amount !== undefined && amount > 0
      ? {
          billId: bill.billId,
          billAmount: centsToDecimal(amount),
          billOrAllocation: variant,
          overdueOption: overdueShown ? overdueOption : null,
        }
      : null;
  const settledVariables = useDebouncedValue(quoteVariables, QUOTE_DELAY_MS);
  const quoteQuery = usePaymentQuoteQuery(
    settledVariables ? { variables: settledVariables, fetchPolicy: 'network-only' } : skipToken,
  );
  // A quote for another amount than the one on screen is stale: the server's answer on paying decides then.
  const quoteCurrent = quoteVariables !== null && JSON.stringify(settledVariables) === JSON.stringify(quoteVariables);
  const topUp = topUpView(quoteCurrent ? quoteQuery.data?.paymentQuote : null, topUpNeeded);
  const chosenTopUp = topUpOption && topUp.options.includes(topUpOption) ? topUpOption : null;
  // Paying on an arrears approval that takes the allocation below zero: the agent reads the figures first.
  const quotedWarning = quoteCurrent ? quoteQuery.data?.paymentQuote.allocationWarning : null;
  // Until the quote for the amount on screen has arrived, paying waits: the warning above must be read first, never
  // skipped by a quick click (a failed quote does not hold the payment up: the server's answer on paying decides).
  const checkingQuote = quoteVariables !== null && !quoteQuery.error && (!quoteCurrent || quoteQuery.loading);
  const allocationWarning = quotedWarning ? allocationWarningView(quotedWarning, (value) => formatMoney(value)) : null;
  // A BPAY bill's details checked by the server against the company catalogue, for the amount on screen.
  const bpayInput =
    bill && variant === 'bill' && bill.paymentType === 'BPAY'
      ? {
          bPayNumber: bill.bPayNumber ?? '',
          customerReferenceNumber: bill.customerReferenceNumber,
          loadedReference: bill.customerReferenceNumber,
          amount: amount !== undefined && amount > 0 ? centsToDecimal(amount) : null,
        }
      : null;
  const settledBpay = useDebouncedValue(bpayInput, QUOTE_DELAY_MS);
  const bpayQuery = usePayingBpayCheckQuery(settledBpay ? { variables: { input: settledBpay } } : skipToken);
  const bpayCheck =
    bpayInput !== null && JSON.stringify(settledBpay) === JSON.stringify(bpayInput)
      ? (bpayQuery.data?.validateBpay ?? null)
      : null;

  // A BPAY biller's limit the amount breaks is said at the amount, naming the limit.
  const amountLimitError = bpayAmountError(bpayCheck, (limit) => formatMoney(limit));

  const title = payScreenTitle(mode, variant);
  if (!billId)
    return (
      <Page title={title}>
        <StatusAlert status="error">{BILL_MESSAGES.loadBills}</StatusAlert>
      </Page>
    );
  if (billQuery.loading)
    return (
      <Page title={title}>
        <Loading label="Loading the bill…" />
      </Page>
    );
  if (billQuery.error || !bill) {
    return (
      <Page title={title}>
        <LoadFailed what="the bill" error={billQuery.error} onRetry={() => void billQuery.refetch()} />
      </Page>
    );
  }

  // A link that asks to pay an Unknown-type bill as a bill (the overview does not know the type) pays its allocation.
  if (variant === 'bill' && billOrAllocationOf(bill.paymentType) === 'allocation') {
    return <Navigate to={`${base}/paybill/${mode}/${bill.billId}/allocation`} replace />;
  }

  const count = totals?.count ?? 1;

  const chooseOverdue = (option: OverdueOption) => {
    setOverdueOption(option);
    setAmountText(centsToDecimal(totalOf(option).total));
    setTopUpNeeded(false);
  };

  const validate = (): boolean => {
    const found: FieldErrors = {};
    if (amount === undefined || amount <= 0) found.amount = BILL_MESSAGES.amountRequired;
    else if (amountLimitError) found.amount = amountLimitError;
    if (mode === 'pay') {
      Object.assign(
        found,
        topUpErrors(
          { option: chosenTopUp, accountNumber: topUpAccount || null, topUpRequired: topUp.topUpRequired },
          topUp.needed,
          accounts,
          BILL_MESSAGES,
        ),
      );
    } else if (!reimburseAccount) found.reimbursement = BILL_MESSAGES.linkedAccountRequired;
    const details = payingDetailsErrors(bill, variant, BILL_MESSAGES.unknownPaymentType, bpayCheck);
    setErrors(found);
    setDetailErrors(details);
    return Object.keys(found).length === 0 && details.length === 0;
  };

  const confirm = () => {
    if (processing || checkingQuote || !validate() || amount === undefined) return;
    const input: PayBillInput = {
      billId: bill.billId,
      billOrAllocation: variant,
      billAmount: centsToDecimal(amount),
      idempotencyKey: newIdempotencyKey(),
      ...(mode === 'pay'
        ? {
            overdueOption: overdueShown ? overdueOption : null,
            topupOption: topUp.needed ? chosenTopUp : null,
            topupAccountNumber: topUp.needed && chosenTopUp === 'linkedAccount' ? topUpAccount : null,
          }
        : { reimbursementAccountNumber: reimburseAccount }),
    };
    setAttempt({ input, count, networkError: null });
  };

  const submit = async () => {
    if (!attempt || processing) return;
    setProcessing(true);
    try {
      const { data } = await (mode === 'pay'
        ? payBill({ variables: { input: attempt.input } })
        : reimburseBill({ variables: { input: attempt.input } }));
      const result = data && ('payBill' in data ? data.payBill : data.reimburseBill);
      setAttempt(null);
      if (result?.ok) {
        const recorded = result.billId ?? bill.billId;
        // The confirmation screen shows the success notice: toasts are cleared on every route change.
        const confirmation =
          mode === 'pay'
            ? `${base}/bill/${recorded}/confirmation/${variant}`
            : `${base}/bill/${recorded}/reimburseconfirmation/${variant}`;
        notify.successAfterNavigation(confirmation, mode === 'pay' ? BILL_MESSAGES.paid : BILL_MESSAGES.reimbursed);
        navigate(confirmation);
        return;
      }
      const first = result?.errors[0];
      if (first?.code === 'TOP_UP_REQUIRED') {
        setTopUpNeeded(true);
        setErrors({ topupOption: first.message });
      } else if (first?.field === 'topupAccountNumber') {
        setErrors({ topupAccountNumber: first.message });
      } else if (first?.field === 'reimbursementAccountNumber') {
        setErrors({ reimbursement: first.message });
      } else {
        notify.alert(
          failureNotice(mode === 'pay' ? 'The bill was not paid.' : 'The bill was not reimbursed.', first?.message),
        );
        // A failed pay also clears the overdue list (spec 1 §8): back to this bill alone.
        if (mode === 'pay' && overdueShown && overdueOption === 'combine') chooseOverdue('ignore');
      }
    } catch (caught) {
      // The request may or may not have reached the server: a retry reuses the same key (one effect).
      setAttempt((current) => current && { ...current, networkError: serverMessage(caught, SERVER_ERROR) });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <Page title={title} narrow>
      <Section title={bill.nickname}>
        <Stack gap="3">
          <Text>
            <WholeDates>{`${bill.categoryName} · due ${formatDate(bill.expectedDueDate)} · set aside ${formatMoney(bill.amountAllocated)}`}</WholeDates>
          </Text>
          {bill.isEarlyPayment && mode === 'pay' && (
            <StatusAlert status="warning">
              {isStaff ? BILL_MESSAGES.earlyPayStaff : BILL_MESSAGES.earlyPayMember}
            </StatusAlert>
          )}
          {variant === 'bill' && <PayingDetailsList {...bill} />}
          {linked.error && (
            <LoadFailed what="the linked accounts" error={linked.error} onRetry={() => void linked.refetch()} />
          )}
          <div aria-live="polite">
            {detailErrors.map((message) => (
              <StatusAlert key={message} status="error">
                {message}
              </StatusAlert>
            ))}
          </div>
        </Stack>
      </Section>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Stack gap="5">
          {overdueShown && (
            <Field.Root>
              <Field.Label>Overdue bills ({combinedBills.length})</Field.Label>
              <RadioGroup.Root
                aria-label="Overdue bills"
                value={overdueOption}
                onValueChange={(e) => chooseOverdue(e.value as OverdueOption)}
              >
                <Stack gap="2">
                  <RadioGroup.Item value="combine">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      <WholeDates>{`Combine: pay these ${combinedBills.length} bills, ${formatMoney(plan?.combinedTotal ?? '0.00')} (${combinedBills
                        .map((b) => `due ${formatDate(b.dueDate)} ${formatMoney(b.amountAllocated)}`)
                        .join('; ')})`}</WholeDates>
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                  <RadioGroup.Item value="ignore">
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>Ignore: pay this bill only</RadioGroup.ItemText>
                  </RadioGroup.Item>
                </Stack>
              </RadioGroup.Root>
            </Field.Root>
          )}
          <AmountInput
            label="Amount"
            name="billAmount"
            value={text}
            onChange={(change) => {
              setAmountText(change.text);
              // A new amount gets a new quote: an earlier TOP_UP_REQUIRED answer no longer holds.
              setTopUpNeeded(false);
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount ?? amountLimitError}
          />
          <div aria-live="polite">
            {allocationWarning && (
              <StatusAlert status="warning" title={allocationWarning.message}>
                <FigureList rows={allocationWarning.rows} testId="allocation-warning" />
              </StatusAlert>
            )}
          </div>
          {mode === 'pay' && topUp.needed && (
            <Stack gap="3">
              <Field.Root required invalid={Boolean(errors.topupOption) || !topUp.canProceed}>
                <Field.Label>
                  {topUp.topUpRequired !== null
                    ? `A top-up of ${formatMoney(centsToDecimal(topUp.topUpRequired))} is needed to pay this amount`
                    : 'A top-up is needed to pay this amount'}
                </Field.Label>
                <RadioGroup.Root
                  aria-label="Top-up option"
                  value={chosenTopUp ?? ''}
                  onValueChange={(e) => {
                    setTopUpOption(e.value as TopUpOption);
                    // Changing the top-up option clears the linked-account errors (spec 1 §4).
                    setErrors((current) => ({ ...current, topupOption: undefined, topupAccountNumber: undefined }));
                  }}
                >
                  <Stack gap="2">
                    {topUp.options.map((option) => (
                      <RadioGroup.Item key={option} value={option}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{TOP_UP_LABELS[option]}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </Stack>
                </RadioGroup.Root>
                <Field.ErrorText role="alert">
                  {errors.topupOption ?? (topUp.canProceed ? undefined : BILL_MESSAGES.topUpRequired)}
                </Field.ErrorText>
              </Field.Root>
              {chosenTopUp === 'rainyDay' && (
                <Text fontSize="sm">
                  Rainy day available: {formatMoney(billQuery.data?.billDetails.availableRainyDayBalance)}
                </Text>
              )}
              {chosenTopUp === 'linkedAccount' && (
                <AccountSelect
                  label="Top up from"
                  value={topUpAccount}
                  onChange={setTopUpAccount}
                  accounts={accounts}
                  error={errors.topupAccountNumber}
                />
              )}
            </Stack>
          )}
          {mode === 'reimburse' && (
            <AccountSelect
              label="Reimburse to"
              value={reimburseAccount}
              onChange={setReimburseAccount}
              accounts={accounts}
              error={errors.reimbursement}
            />
          )}
          <HStack justify="end" gap="3" wrap="wrap">
            <Button variant="ghost" onClick={() => navigate(`${base}/paybill`)}>
              Cancel
            </Button>
            <Button
              type="submit"
              colorPalette="brand"
              disabled={processing || attempt !== null || checkingQuote}
              loading={checkingQuote}
              loadingText="Checking what is set aside…"
            >
              {mode === 'pay' ? 'Confirm payment' : 'Confirm reimbursement'}
            </Button>
          </HStack>
        </Stack>
      </form>
      {attempt && (
        <ReviewPaymentDialog
          mode={mode}
          bill={bill}
          attempt={attempt}
          allocationWarning={allocationWarning}
          processing={processing}
          onConfirm={() => void submit()}
          onDismiss={() => setAttempt(null)}
        />
      )}
    </Page>
  );
}

function AccountSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  accounts: readonly { accountNumber: string; accountNickname: string; availableBalance: string }[];
  error?: string;
}) {
  return (
    <Field.Root required invalid={Boolean(props.error)}>
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={props.value} onChange={(event) => props.onChange(event.target.value)}>
          <option value="">Choose a linked account</option>
          {props.accounts.map((account) => (
            <option key={account.accountNumber} value={account.accountNumber}>
              {account.accountNickname} {account.accountNumber} ({formatMoney(account.availableBalance)} available)
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText role="alert">{props.error}</Field.ErrorText>
    </Field.Root>
  );
}
