import { Box, Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { DepositsStepFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../shared/money';
import { DEPOSIT_TYPE, type DepositsDraft } from './deposits-form';

interface PaymentPreferenceProps {
  draft: DepositsDraft;
  accounts: DepositsStepFieldsFragment['accounts'];
  change: (next: Partial<DepositsDraft>) => void;
  errorOf: (field: string) => string | null;
  disabled: boolean;
}

export function accountLabel(account: DepositsStepFieldsFragment['accounts'][number]): string {
  const name = account.nickname ? `${account.nickname} ` : '';
  return `${name}${account.accountNumber} (available ${formatMoney(account.availableBalance)})`;
}

/** How the deposits arrive (spec 3 §5): payroll deduction (remitter) or a periodical payment (a savings account). */
export function PaymentPreference({ draft, accounts, change, errorOf, disabled }: PaymentPreferenceProps) {
  const typeError = errorOf('depositType');
  return (
    <Stack gap="3">
      <Box
        as="fieldset"
        borderWidth="0"
        p="0"
        m="0"
        minW="0"
        aria-describedby={typeError ? 'deposit-type-error' : undefined}
      >
        <Text as="legend" fontWeight="semibold" mb="2">
          Payment preference
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
          {[
            { value: DEPOSIT_TYPE.payroll, label: 'Payroll deduction' },
            { value: DEPOSIT_TYPE.periodical, label: 'Periodical payment' },
          ].map((option) => (
            <label key={option.value} style={{ display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
              <input
                type="radio"
                name="depositType"
                value={option.value}
                checked={draft.depositType === option.value}
                disabled={disabled}
                onChange={() => change({ depositType: option.value })}
              />
              {option.label}
            </label>
          ))}
        </Stack>
        {typeError && (
          <Text id="deposit-type-error" role="alert" color="fg.error" fontSize="sm" mt="1">
            {typeError}
          </Text>
        )}
      </Box>
      {draft.depositType === DEPOSIT_TYPE.payroll && (
        <Stack direction={{ base: 'column', md: 'row' }} gap="3">
          <Field.Root invalid={Boolean(errorOf('remitterName'))} disabled={disabled}>
            <Field.Label>Remitter name</Field.Label>
            <Input
              value={draft.remitterName ?? ''}
              maxLength={80}
              onChange={(e) => change({ remitterName: e.target.value })}
            />
            <Field.ErrorText role="alert">{errorOf('remitterName')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errorOf('remitterNumber'))} disabled={disabled}>
            <Field.Label>Remitter number</Field.Label>
            <Input
              value={draft.remitterNumber ?? ''}
              maxLength={20}
              onChange={(e) => change({ remitterNumber: e.target.value })}
            />
            <Field.ErrorText role="alert">{errorOf('remitterNumber')}</Field.ErrorText>
          </Field.Root>
        </Stack>
      )}
      {draft.depositType === DEPOSIT_TYPE.periodical && (
        <Field.Root invalid={Boolean(errorOf('periodicalPaymentAccount'))} disabled={disabled} maxW="md">
          <Field.Label>Paid from</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.periodicalPaymentAccount ?? ''}
              onChange={(e) => change({ periodicalPaymentAccount: e.target.value ? Number(e.target.value) : null })}
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
          <Field.ErrorText role="alert">{errorOf('periodicalPaymentAccount')}</Field.ErrorText>
        </Field.Root>
      )}
    </Stack>
  );
}
