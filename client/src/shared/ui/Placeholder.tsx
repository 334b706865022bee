import { Text } from '@chakra-ui/react';
import { Page } from './Page';

/** A screen planned for a later issue: it exists so routes and menus can be exercised now. */
export function Placeholder({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Text color="fg.muted">This screen is coming soon.</Text>
    </Page>
  );
}
