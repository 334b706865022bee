import { Box, Grid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A form with its aside beside it on a wide screen and below it on a phone. */
export function FormBeside({ aside, children }: { aside: ReactNode; children: ReactNode }) {
  if (!aside) return <>{children}</>;
  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="start">
      <Box minW="0">{children}</Box>
      <Box minW="0" position={{ base: 'static', lg: 'sticky' }} top="4">
        {aside}
      </Box>
    </Grid>
  );
}
