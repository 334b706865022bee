import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useDeferredValue, useRef, useState } from 'react';
import type { ShortfallFixKind } from '../../gql/graphql';
import { useApplyShortfallFixMutation, useShortfallFixesQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { failureNotice } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { notify } from '../../shared/notify/notify';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { ExplainedChoices } from '../../shared/ui/ExplainedChoices';
import { TitledPanel } from '../../shared/ui/TitledPanel';
import { newIdempotencyKey } from '../bills/bill-rules';
import { ForecastVerdictView } from './ForecastVerdictView';
import { WholeDates } from '../../shared/ui/WholeDates';

// The top-up's dialog (its amount field, linked accounts and their rules) loads when a top-up is chosen.
const FromLinkedAccountDialog = lazy(() =>
  import('../bills/FromLinkedAccountDialog').then((module) => ({ default: module.FromLinkedAccountDialog })),
);

export const SHORTFALL_WORDS = {
  title: 'Fix the shortfall',
  choose: 'Choose a fix',
  preview: 'The forecast with this fix',
  topUpTitle: 'Top up to avoid the shortfall',
  topUpSubmit: 'Top up now',
  confirm: 'Confirm this fix',
  failed: 'The fix was not applied.',
} as const;

interface ShortfallFixPanelProps {
  memberId: number;
  accountId: number;
}

/**
 * A shortfall fixed in one tap (issue 24 item 1): the first short day, the bill and the shortfall, three fixes worked
 * out by the server to the cent, the forecast each would make (the server's, shown before anything is confirmed), and
 * confirming one: a top-up from a linked account (the rainy-day top-up's dialog) or a change of the deposits, which
 * the server sends for approval and says so. Nothing is worked out here.
 */
export function ShortfallFixPanel({ memberId, accountId }: ShortfallFixPanelProps) {
  const query = useShortfallFixesQuery({ variables: { memberId, accountId }, fetchPolicy: 'cache-and-network' });
  const [apply, applying] = useApplyShortfallFixMutation();
  const [chosen, setChosen] = useState<ShortfallFixKind | null>(null);
  const [dialog, setDialog] = useState(false);
  const key = useRef(newIdempotencyKey());
  // The answer is shown by a deferred render React can interrupt, not in the same task as the answer's arrival: it
  // comes after the page has painted, and its choices were one of the phone's longest tasks (issue 23 item 1).
  const answer = useDeferredValue(query.data?.shortfallFixes);

  if (query.error) {
    return <LoadFailed what="the fixes for the shortfall" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!answer) return null;
  const fix = answer.fixes.find((f) => f.kind === chosen) ?? null;

  const refresh = () => {
    key.current = newIdempotencyKey();
    setChosen(null);
    setDialog(false);
    // The fix changed the figures (money moved, the deposits, a change started): the server announces it, and the
    // fixes and the page are asked again then (live-figures.ts).
  };

  const confirmChange = async () => {
    if (!fix || applying.loading) return;
    try {
      const { data } = await apply({
        variables: {
          input: { memberId, accountId, kind: fix.kind, amount: fix.amount, idempotencyKey: key.current },
        },
      });
      const result = data?.applyShortfallFix;
      if (result?.ok) {
        notify.success(result.message ?? '');
        refresh();
      } else notify.alert(failureNotice(SHORTFALL_WORDS.failed, result?.errors[0]?.message));
    } catch (caught) {
      notify.alert(failureNotice(SHORTFALL_WORDS.failed, caught));
    }
  };

  const bill = answer.shortBill;
  return (
    <TitledPanel title={SHORTFALL_WORDS.title} testId="shortfall-fix">
      <Text data-testid="shortfall-facts">
        <WholeDates>
          {`Short by ${formatMoney(answer.shortfall)} on ${formatDate(answer.firstShortDate)}${bill ? `, when ${bill.billerName} (${formatMoney(bill.amount)}, due ${formatDate(bill.dueDate)}) is paid` : ''}.`}
        </WholeDates>
      </Text>
      <ExplainedChoices
        label={SHORTFALL_WORDS.choose}
        value={chosen}
        choices={answer.fixes.map((option) => ({
          value: option.kind,
          words: option.words,
          explanation: option.howApplied,
        }))}
        onChange={setChosen}
      />
      {fix && (
        <Stack gap="2" data-testid="shortfall-preview" aria-live="polite">
          <Text fontSize="sm" fontWeight="semibold">
            {SHORTFALL_WORDS.preview}
          </Text>
          <ForecastVerdictView verdict={fix.preview} />
          {fix.canApply && (
            <Box>
              <Button
                colorPalette="brand"
                minH="11"
                loading={applying.loading}
                onClick={() => (fix.kind === 'TopUp' ? setDialog(true) : void confirmChange())}
              >
                {SHORTFALL_WORDS.confirm}
              </Button>
            </Box>
          )}
        </Stack>
      )}
      {dialog && fix && (
        <Suspense fallback={null}>
          <FromLinkedAccountDialog
            title={SHORTFALL_WORDS.topUpTitle}
            intro={
              <Text>
                <WholeDates>{fix.words}</WholeDates>
              </Text>
            }
            submitLabel={SHORTFALL_WORDS.topUpSubmit}
            initialAmount={fix.amount}
            failed={SHORTFALL_WORDS.failed}
            onClose={() => setDialog(false)}
            onDone={refresh}
            move={async ({ accountNumber, amount, idempotencyKey }) => {
              const { data } = await apply({
                variables: {
                  input: { memberId, accountId, kind: 'TopUp', amount, accountNumber, idempotencyKey },
                },
              });
              const result = data?.applyShortfallFix;
              if (!result?.ok) return { ok: false, error: result?.errors[0] };
              return { ok: true, success: result.message ?? '' };
            }}
          />
        </Suspense>
      )}
    </TitledPanel>
  );
}
