import { HStack, Spinner, Text } from '@chakra-ui/react';

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <HStack role="status" aria-live="polite" gap="3" py="6" color="fg.muted">
      <Spinner size="sm" color="brand.solid" />
      <Text>{label}</Text>
    </HStack>
  );
}
