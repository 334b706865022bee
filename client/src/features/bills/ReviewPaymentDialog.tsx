import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { BillForPaymentFieldsFragment, PayBillInput } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { FigureList } from './FigureList';

export interface ReviewAttempt {
  /** With the idempotency key made when the dialog opened; a retry of this submission reuses it. */
  input: PayBillInput;
  count: number;
  networkError: string | null;
}

interface ReviewPaymentDialogProps {
  mode: 'pay' | 'reimburse';
  bill: BillForPaymentFieldsFragment;
  attempt: ReviewAttempt;
  /** An approved arrears payment that takes the allocation below zero (issue 8 item 6). */
  allocationWarning?: { message: string; rows: [string, string][] } | null;
  processing: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

const TOP_UP_NAMES: Record<string, string> = {
  rainyDay: 'From rainy day',
  linkedAccount: 'From linked savings account',
  shortPay: 'Short pay',
};

/** The review modal (confirm pay or reimburse bills) that opens before any submission (spec 1 §2). */
export function ReviewPaymentDialog({
  mode,
  bill,
  attempt,
  allocationWarning,
  processing,
  onConfirm,
  onDismiss,
}: ReviewPaymentDialogProps) {
  const { input } = attempt;
  const rows: [string, string][] = [
    ['Bill', bill.nickname],
    ['Due date', formatDate(bill.expectedDueDate)],
    ['Amount', formatMoney(input.billAmount)],
    ['Bills paid', String(attempt.count)],
  ];
  if (input.topupOption) rows.push(['Top-up', TOP_UP_NAMES[input.topupOption] ?? input.topupOption]);
  if (input.topupAccountNumber) rows.push(['Top-up account', input.topupAccountNumber]);
  if (input.reimbursementAccountNumber) rows.push(['Reimburse to', input.reimbursementAccountNumber]);
  const verb = mode === 'pay' ? 'pay' : 'reimburse';
  return (
    <Dialog.Root
      open
      onOpenChange={(event) => !event.open && !processing && onDismiss()}
      closeOnInteractOutside={!processing}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{mode === 'pay' ? 'Confirm pay bills' : 'Confirm reimburse bills'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="4">
              <FigureList rows={rows} />
              {allocationWarning && (
                <StatusAlert status="warning" title={allocationWarning.message}>
                  <FigureList rows={allocationWarning.rows} testId="review-allocation-warning" />
                </StatusAlert>
              )}
              <div aria-live="assertive">
                {attempt.networkError && (
                  <StatusAlert status="error">{`${attempt.networkError} Try again: the ${verb} will not be made twice.`}</StatusAlert>
                )}
              </div>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onDismiss} disabled={processing}>
                Back
              </Button>
              <Button colorPalette="brand" onClick={onConfirm} loading={processing} disabled={processing}>
                {attempt.networkError ? 'Try again' : mode === 'pay' ? 'Confirm pay' : 'Confirm reimburse'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
