import { Box, Stack, Text } from '@chakra-ui/react';
import type { ForecastVerdictFieldsFragment } from '../../gql/graphql';
import { WholeDates } from '../../shared/ui/WholeDates';

const TONES = {
  onTrack: { bg: 'green.50', border: 'green.600', fg: 'green.800' },
  short: { bg: 'orange.50', border: 'orange.600', fg: 'orange.900' },
  suspended: { bg: 'orange.50', border: 'orange.600', fg: 'orange.900' },
  unknown: { bg: 'gray.50', border: 'gray.400', fg: 'fg' },
} as const;

type Tone = keyof typeof TONES;

/** When there is no agreement to forecast (the server sends no verdict then). */
const NO_VERDICT = {
  tone: 'unknown',
  headline: 'No forecast yet',
  details: ['There is no forecast for this account until its agreement is set up.'],
} as const;

/**
 * The forecast's verdict: the server's words for the server's figures (agreement/projection/), the same on the
 * overview, the graphs page and for staff. Nothing is worked out here.
 */
export function ForecastVerdictView({ verdict }: { verdict: ForecastVerdictFieldsFragment | null | undefined }) {
  const words = verdict ?? NO_VERDICT;
  const toneName: Tone = words.tone in TONES ? (words.tone as Tone) : 'unknown';
  const tone = TONES[toneName];
  return (
    <Box
      data-testid="forecast-verdict"
      data-tone={toneName}
      bg={tone.bg}
      borderInlineStartWidth="4px"
      borderColor={tone.border}
      borderRadius="md"
      px="3"
      py="2"
    >
      <Stack gap="1">
        <Text fontWeight="bold" color={tone.fg} data-testid="forecast-verdict-headline">
          <WholeDates>{words.headline}</WholeDates>
        </Text>
        {words.details.map((line) => (
          <Text key={line} fontSize="sm">
            <WholeDates>{line}</WholeDates>
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
