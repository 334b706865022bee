import { Button, Stack, Text } from '@chakra-ui/react';
import { MoneyMovement, moneyRefusal } from '@shared/money-movement.rules.js';
import { AgreementStatus, type AgreementStatusName } from '@shared/agreement-status.js';
import { codeOf } from '@shared/code-names.js';
import { lazy, Suspense, useState } from 'react';
import { arrearsSentences, type ArrearsFacts as Arrears } from './arrears-messages';
import { WholeDates } from '../../shared/ui/WholeDates';

const CatchUpDialog = lazy(() => import('./CatchUpDialog').then((module) => ({ default: module.CatchUpDialog })));

/** A catch-up deposit is offered where the money rule allows it (missed deposit; not when resigned). */
export function canCatchUp(
  agreementStatus: AgreementStatusName | null | undefined,
  isStaff: boolean,
  resigned = false,
): boolean {
  const status = codeOf(AgreementStatus, agreementStatus);
  return moneyRefusal(MoneyMovement.CatchUpDeposit, { status, mover: isStaff ? 'staff' : 'member', resigned }) === null;
}

interface ArrearsFactsProps {
  arrears: Arrears;
  contractId: number | null;
  canCatchUp: boolean;
  isStaff: boolean;
}

/**
 * The arrears banner's facts (issue 26 item 5): how much is owed, since when, the deposit that would clear it and the
 * account to pay into (the server's projection), and the catch-up deposit from a linked account.
 */
export function ArrearsFacts({ arrears, contractId, canCatchUp, isStaff }: ArrearsFactsProps) {
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="2" mt="2" data-testid="arrears-facts">
      {arrearsSentences(arrears, isStaff).map((sentence) => (
        <Text key={sentence}>
          <WholeDates>{sentence}</WholeDates>
        </Text>
      ))}
      {canCatchUp && contractId !== null && (
        <Button alignSelf="start" colorPalette="brand" minH="11" onClick={() => setOpen(true)}>
          Catch up now
        </Button>
      )}
      <Suspense fallback={null}>
        {open && contractId !== null && (
          <CatchUpDialog
            contractId={contractId}
            owed={arrears.amount}
            onClose={() => setOpen(false)}
            // The money moved: the server announces it, and the page asks again (live-figures.ts).
            onDone={() => setOpen(false)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
