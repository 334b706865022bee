import { Box, Stack, Text } from '@chakra-ui/react';
import type { ForecastVerdictFieldsFragment } from '../../gql/graphql';
import { verdictWords } from './home-rules';

const TONES = {
  onTrack: { bg: 'green.50', border: 'green.600', fg: 'green.800' },
  short: { bg: 'orange.50', border: 'orange.600', fg: 'orange.900' },
  unknown: { bg: 'gray.50', border: 'gray.400', fg: 'fg' },
} as const;

/** The forecast's verdict (the overview and the graphs page show the same words for the same server figure). */
export function ForecastVerdictView({ verdict }: { verdict: ForecastVerdictFieldsFragment | null | undefined }) {
  const words = verdictWords(verdict);
  const tone = TONES[words.tone];
  return (
    <Box
      data-testid="forecast-verdict"
      data-tone={words.tone}
      bg={tone.bg}
      borderInlineStartWidth="4px"
      borderColor={tone.border}
      borderRadius="md"
      px="3"
      py="2"
    >
      <Stack gap="1">
        <Text fontWeight="bold" color={tone.fg} data-testid="forecast-verdict-headline">
          {words.headline}
        </Text>
        {words.details.map((line) => (
          <Text key={line} fontSize="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
