import { Box, Flex, Text } from '@chakra-ui/react';
import { useClientSettingsQuery } from '../../gql/hooks';

/** The app version shown in the footer (spec 1 §1). */
export const APP_VERSION = '1.0.0.0.0';

export function Footer() {
  const { data } = useClientSettingsQuery();
  const institution = data?.clientSettings.institutionName;
  return (
    <Box as="footer" borderTopWidth="1px" bg="gray.50" color="fg.muted" fontSize="sm">
      <Flex maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py="4" gap="2" justify="space-between" wrap="wrap">
        <Text>{institution ? `© ${new Date().getFullYear()} ${institution}` : '\u00a0'}</Text>
        <Text>Version {APP_VERSION}</Text>
      </Flex>
    </Box>
  );
}
