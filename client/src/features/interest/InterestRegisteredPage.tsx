import { Text } from '@chakra-ui/react';
import { Page } from '../../shared/ui/Page';
import { StatusAlert } from '../../shared/ui/StatusAlert';

/** `/interestregistered/:memberId`: shown after interest is registered. */
export function InterestRegisteredPage() {
  return (
    <Page title="Thank you" narrow>
      <StatusAlert status="success">Your interest has been registered.</StatusAlert>
      <Text>We will be in touch soon to help you set up bill smoothing.</Text>
    </Page>
  );
}
