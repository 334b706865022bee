import { useTopUpRainyDayMutation } from '../../gql/hooks';
import { formatMoney } from '../../shared/money';
import { FromLinkedAccountDialog } from './FromLinkedAccountDialog';

interface TopUpRainyDayDialogProps {
  contractId: number;
  onClose: () => void;
  onDone: () => void;
}

/** Top-up rainy day (spec 1 §2 "Modals", §4, §5): from a linked savings account; one submission at a time. */
export function TopUpRainyDayDialog({ contractId, onClose, onDone }: TopUpRainyDayDialogProps) {
  const [topUp] = useTopUpRainyDayMutation();
  return (
    <FromLinkedAccountDialog
      title="Top up rainy day"
      submitLabel="Top up"
      failed="Rainy day was not topped up."
      onClose={onClose}
      onDone={onDone}
      move={async ({ accountNumber, amount, idempotencyKey }) => {
        const { data } = await topUp({
          variables: { input: { contractId, accountNumber, topupAmount: amount, idempotencyKey } },
        });
        const result = data?.topUpRainyDay;
        return result?.ok
          ? {
              ok: true,
              success: `Rainy day topped up successfully: ${formatMoney(amount)} from account ${accountNumber}.`,
            }
          : { ok: false, error: result?.errors[0] };
      }}
    />
  );
}
