import { Box, HStack, List, Text } from '@chakra-ui/react';
import type { WizardSessionFieldsFragment } from '../../gql/graphql';
import { currentLabelIndex } from './wizard-frame';

/** The wizard's navigation (spec 2 §2): four labels, or three when the biller details are skipped. */
export function WizardNavigation({ session }: { session: WizardSessionFieldsFragment }) {
  const current = currentLabelIndex(session);
  return (
    <Box as="nav" aria-label="Wizard steps">
      <List.Root as="ol" listStyle="none" display="flex" flexWrap="wrap" gap="2" ms="0">
        {session.navigationLabels.map((label, i) => (
          <List.Item
            key={label}
            aria-current={i === current ? 'step' : undefined}
            px="3"
            py="1"
            borderRadius="full"
            borderWidth="1px"
            bg={i === current ? 'brand.solid' : 'white'}
            color={i === current ? 'white' : 'fg'}
          >
            <HStack gap="2">
              <Text as="span" fontWeight="bold">
                {i + 1}.
              </Text>
              <Text as="span">{label}</Text>
            </HStack>
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
