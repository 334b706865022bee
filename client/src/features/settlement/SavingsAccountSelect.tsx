import { Field, NativeSelect } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useSettlementAccountsQuery } from '../../gql/hooks';
import { LoadFailed } from '../../shared/ui/LoadFailed';

/** A savings account of the account's members (the one money is paid into or taken from), by account number. */
export function SavingsAccountSelect({
  memberId,
  accountId,
  label,
  value,
  onChange,
  error,
  preselectFirst = false,
}: {
  memberId: number;
  accountId: number;
  label: string;
  value: string;
  onChange: (accountNumber: string) => void;
  error?: string;
  /** Choose the members' first (nominated) account once the list has loaded. */
  preselectFirst?: boolean;
}) {
  const accounts = useSettlementAccountsQuery({ variables: { memberId, accountId } });
  const first = accounts.data?.profile.linkedAccounts[0]?.accountNumber;
  useEffect(() => {
    if (preselectFirst && value === '' && first) onChange(first);
  }, [preselectFirst, value, first, onChange]);
  if (accounts.error) {
    return <LoadFailed what="the savings accounts" error={accounts.error} onRetry={() => void accounts.refetch()} />;
  }
  const linked = accounts.data?.profile.linkedAccounts ?? [];
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root disabled={accounts.loading}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{accounts.loading ? 'Loading the accounts…' : 'Choose an account'}</option>
          {linked.map((account) => (
            <option key={account.linkedAccountId} value={account.accountNumber}>
              {account.accountNickname} {account.accountNumber}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.ErrorText role="alert">{error}</Field.ErrorText>
    </Field.Root>
  );
}
