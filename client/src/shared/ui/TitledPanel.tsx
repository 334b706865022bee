import { Box, Heading, Stack } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

/**
 * A bordered section with its own small heading, named by it for screen readers: the overview's panels that ask the
 * person to act (fix a shortfall, choose what happens at term end).
 */
export function TitledPanel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      data-testid={testId}
      borderWidth="1px"
      borderRadius="md"
      p={{ base: '3', md: '4' }}
    >
      <Stack gap="3">
        <Heading as="h3" size="sm" id={headingId}>
          {title}
        </Heading>
        {children}
      </Stack>
    </Box>
  );
}
