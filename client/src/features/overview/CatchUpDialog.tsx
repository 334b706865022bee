import { Text } from '@chakra-ui/react';
import { useCatchUpDepositMutation } from '../../gql/hooks';
import { formatMoney } from '../../shared/money';
import { FromLinkedAccountDialog } from '../bills/FromLinkedAccountDialog';
import { CATCH_UP_MESSAGES } from './arrears-messages';

interface CatchUpDialogProps {
  contractId: number;
  /** All that is owed (the projection's arrears): the amount offered. */
  owed: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Catch up on missed deposits (issue 26 item 5): money from a linked savings account now, towards the missed
 * deposits; all that is owed makes the agreement active again. The same dialog as the rainy-day top-up.
 */
export function CatchUpDialog({ contractId, owed, onClose, onDone }: CatchUpDialogProps) {
  const [catchUp] = useCatchUpDepositMutation();
  return (
    <FromLinkedAccountDialog
      title="Catch up on missed deposits"
      intro={<Text>{CATCH_UP_MESSAGES.explain(formatMoney(owed))}</Text>}
      submitLabel="Pay now"
      initialAmount={owed}
      failed={CATCH_UP_MESSAGES.failed}
      onClose={onClose}
      onDone={onDone}
      move={async ({ accountNumber, amount, idempotencyKey }) => {
        const { data } = await catchUp({ variables: { input: { contractId, accountNumber, amount, idempotencyKey } } });
        const result = data?.catchUpDeposit;
        if (!result?.ok) return { ok: false, error: result?.errors[0] };
        return {
          ok: true,
          success: result.arrearsCleared
            ? CATCH_UP_MESSAGES.cleared(formatMoney(amount), accountNumber)
            : CATCH_UP_MESSAGES.part(formatMoney(amount), accountNumber, formatMoney(result.stillOwed)),
        };
      }}
    />
  );
}
