import { Box, Field, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { DepositsStepFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../shared/money';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { choiceOf, withChoice, type DepositsDraft } from './deposits-form';
import { accountLabel } from './PaymentPreference';

interface OverdrawChoiceProps {
  details: NonNullable<DepositsStepFieldsFragment['paymentDetails']>;
  accounts: DepositsStepFieldsFragment['accounts'];
  draft: DepositsDraft;
  setDraft: (draft: DepositsDraft) => void;
  errorOf: (field: string) => string | null;
  disabled: boolean;
}

/**
 * DOMAIN "Deposits" check 1 (spec 3 §4): overdrawn within the initial duration → the warning, and TopupNow (a
 * top-up of the deepest shortfall, from a savings account whose available balance covers it) or RemoveBill (save
 * stays disabled: step back and remove a bill).
 */
export function OverdrawChoice({ details, accounts, draft, setDraft, errorOf, disabled }: OverdrawChoiceProps) {
  const choice = choiceOf(draft);
  const chosen = accounts.find((account) => account.id === draft.topupAccount) ?? null;
  const short = chosen !== null && Number(chosen.availableBalance) < Number(details.contractTopupAmount);
  return (
    <Stack gap="3" data-testid="overdraw-choice">
      <StatusAlert status="warning">{details.overdrawWarning}</StatusAlert>
      <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0">
        <Text as="legend" fontWeight="semibold" mb="2">
          To continue, top up {formatMoney(details.contractTopupAmount)} now or remove a bill
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          {(['TopupNow', 'RemoveBill'] as const).map((option) => (
            <label key={option} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="radio"
                name="overdrawChoice"
                value={option}
                checked={choice === option}
                disabled={disabled}
                onChange={() => setDraft(withChoice(draft, option))}
              />
              {option === 'TopupNow' ? 'Top up now' : 'Remove a bill'}
            </label>
          ))}
        </Stack>
      </Box>
      {choice === 'TopupNow' && (
        <Field.Root invalid={short || Boolean(errorOf('topupAccount'))} disabled={disabled} maxW="md">
          <Field.Label>Top-up paid from</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.topupAccount ?? ''}
              onChange={(e) => setDraft({ ...draft, topupAccount: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Choose a savings account</option>
              {accounts.map((account) => (
                <option key={account.id} value={account.id}>
                  {accountLabel(account)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText role="alert">
            {short
              ? 'The available balance of the top-up account is less than the top-up amount.'
              : errorOf('topupAccount')}
          </Field.ErrorText>
        </Field.Root>
      )}
      {choice === 'RemoveBill' && (
        <Text fontSize="sm">
          Step back to the billers list and remove a bill; the deposits are then worked out again.
        </Text>
      )}
    </Stack>
  );
}
