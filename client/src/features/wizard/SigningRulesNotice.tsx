import { Text } from '@chakra-ui/react';
import { useSigningRulesTextQuery } from '../../gql/hooks';
import { StatusAlert } from '../../shared/ui/StatusAlert';

/**
 * The staff text of spec 1 §6 and 3 §6 (client settings): modifications must be authorised per the account's
 * signing rules. Shown to staff where a modification starts and where it is confirmed.
 */
export function SigningRulesNotice() {
  const text = useSigningRulesTextQuery().data?.clientSettings.signingRulesStaffText;
  if (!text) return null;
  return (
    <StatusAlert status="info" title="Signing rules">
      <Text data-testid="signing-rules">{text}</Text>
    </StatusAlert>
  );
}
