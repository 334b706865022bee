import { Box, Button, Field, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { isReadOnly } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import type { TermEndChoice } from '../../gql/graphql';
import { useChooseTermEndMutation, useTermEndChoiceQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { failureNotice } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { ExplainedChoices } from '../../shared/ui/ExplainedChoices';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { Loading } from '../../shared/ui/Loading';
import { WholeDates } from '../../shared/ui/WholeDates';

export const TERM_END_WORDS = {
  title: 'Your balance at term end',
  choose: 'What happens to the balance at term end',
  refundTo: 'Refund to account',
  chooseAccount: 'Choose an account',
  confirm: 'Confirm my choice',
  saved: 'Your term-end choice has been saved.',
  failed: 'Your term-end choice was not saved.',
  noForecast: 'There is no forecast of the closing balance yet.',
} as const;

interface TermEndPanelProps {
  memberId: number;
  accountId: number;
}

/**
 * A choice at term end (issue 24 item 5), on the overview while the agreement is due for renewal (member and staff):
 * the projected closing balance and each choice the server offers, with what it does; confirming stores it (carried
 * out when the renewal takes over). Every figure and sentence is the server's.
 */
export function TermEndPanel({ memberId, accountId }: TermEndPanelProps) {
  const query = useTermEndChoiceQuery({ variables: { memberId, accountId }, fetchPolicy: 'cache-and-network' });
  const [choose, choosing] = useChooseTermEndMutation();
  const [picked, setPicked] = useState<TermEndChoice | null>(null);
  const [accountNumber, setAccountNumber] = useState<string | null>(null);
  const [accountMissing, setAccountMissing] = useState(false);
  const session = useSession();
  // The read-only reporting role reads the choice; the server refuses its writes, so it is offered none.
  const readOnly = session !== null && isReadOnly(session.roles);
  const answer = query.data?.termEndChoice;

  if (query.error) {
    return <LoadFailed what="your term-end choice" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.loading && !answer) return <Loading label="Loading your term-end choice…" />;
  if (!answer) return null;

  const choice = picked ?? answer.choice;
  const refundTo = accountNumber ?? (answer.choice === 'Refund' ? (answer.accountNumber ?? '') : '');
  const changed = choice !== answer.choice || (choice === 'Refund' && refundTo !== (answer.accountNumber ?? ''));

  const confirm = async () => {
    if (choosing.loading) return;
    if (choice === 'Refund' && !refundTo) {
      setAccountMissing(true);
      return;
    }
    try {
      const { data } = await choose({
        variables: {
          input: { memberId, accountId, choice, accountNumber: choice === 'Refund' ? refundTo : null },
        },
      });
      const result = data?.chooseTermEnd;
      if (result?.ok) {
        notify.success(`${TERM_END_WORDS.saved} ${result.termEnd?.message ?? ''}`.trim());
        setPicked(null);
        setAccountNumber(null);
        void query.refetch();
      } else notify.alert(failureNotice(TERM_END_WORDS.failed, result?.errors[0]?.message));
    } catch (caught) {
      notify.alert(failureNotice(TERM_END_WORDS.failed, caught));
    }
  };

  return (
    <TitledPanel title={TERM_END_WORDS.title} testId="term-end">
      <Text data-testid="term-end-closing">
        <WholeDates>
          {answer.closingBalance === null || answer.closingBalance === undefined
            ? TERM_END_WORDS.noForecast
            : `Projected closing balance on ${formatDate(answer.endDate)}: ${formatMoney(answer.closingBalance)}`}
        </WholeDates>
      </Text>
      <Text data-testid="term-end-current" fontSize="sm" color="fg.muted">
        <WholeDates>{answer.message}</WholeDates>
      </Text>
      {answer.renewalDeposits ? (
        <Text data-testid="term-end-renewal-deposits" fontSize="sm">
          <WholeDates>{answer.renewalDeposits}</WholeDates>
        </Text>
      ) : null}
      <ExplainedChoices
        label={TERM_END_WORDS.choose}
        value={choice}
        disabled={readOnly}
        choices={answer.options.map((option) => ({
          value: option.kind,
          words: option.words,
          explanation: option.explanation,
        }))}
        onChange={(value) => {
          setPicked(value);
          setAccountMissing(false);
        }}
      />
      {choice === 'Refund' && (
        <Field.Root required invalid={accountMissing} maxW="sm">
          <Field.Label>{TERM_END_WORDS.refundTo}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={refundTo}
              onChange={(event) => {
                setAccountNumber(event.target.value);
                setAccountMissing(false);
              }}
            >
              <option value="">{TERM_END_WORDS.chooseAccount}</option>
              {answer.refundAccounts.map((account) => (
                <option key={account.accountNumber} value={account.accountNumber}>
                  {account.nickname ? `${account.nickname} ${account.accountNumber}` : account.accountNumber}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText role="alert">{TERM_END_WORDS.chooseAccount}</Field.ErrorText>
        </Field.Root>
      )}
      {!readOnly && (
        <Box>
          <Button
            colorPalette="brand"
            minH="11"
            loading={choosing.loading}
            disabled={!changed}
            onClick={() => void confirm()}
          >
            {TERM_END_WORDS.confirm}
          </Button>
        </Box>
      )}
    </TitledPanel>
  );
}
