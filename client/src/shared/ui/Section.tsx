import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  /** Buttons beside the heading (Expand all, View all...). */
  actions?: ReactNode;
  children: ReactNode;
  /** A test and styling hook. */
  id?: string;
}

/** A titled region of a page: an h2 that names a landmark for screen readers. */
export function Section({ title, actions, children, id }: SectionProps) {
  const headingId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      bg="white"
      minW="0"
      data-section={id}
    >
      <Stack gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" id={headingId} size="lg" color="brand.fg">
            {title}
          </Heading>
          {actions}
        </Flex>
        {children}
      </Stack>
    </Box>
  );
}

/** Spec 1 §8: the wording for an empty list. */
export const NO_DATA = 'No data available';

export function NoData({ children = NO_DATA }: { children?: ReactNode }) {
  return (
    <Text color="fg.muted" py="2">
      {children}
    </Text>
  );
}
