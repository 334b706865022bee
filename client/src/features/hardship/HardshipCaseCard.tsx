import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { HardshipCaseFieldsFragment } from '../../gql/graphql';
import { formatDateTime } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { HardshipDeposits } from './HardshipDeposits';

const PALETTE: Record<string, string> = { Open: 'orange', Arranged: 'teal', Closed: 'gray' };

/** A request for help as the member and staff read it: their words, what was asked, what was arranged. */
export function HardshipCaseCard({ hardship, isStaff }: { hardship: HardshipCaseFieldsFragment; isStaff: boolean }) {
  return (
    <Box as="section" aria-labelledby="hardship-case-heading" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="2" data-testid="hardship-case">
        <Heading as="h2" size="md" id="hardship-case-heading">
          {isStaff ? 'Request for help with payments' : 'Your request for help'}{' '}
          <Badge colorPalette={PALETTE[hardship.status] ?? 'gray'} verticalAlign="middle">
            {hardship.statusLabel}
          </Badge>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          <WholeDates>{`Asked on ${formatDateTime(hardship.openedAt)}`}</WholeDates>
        </Text>
        <Text>
          <strong>{isStaff ? 'In their words' : 'What you told us'}:</strong> {hardship.situation}
        </Text>
        <Text>
          <strong>Asked for:</strong> {hardship.request.words}
        </Text>
        {hardship.arrangement && (
          <Text data-testid="hardship-arrangement">
            <strong>
              <WholeDates>{`Arranged${hardship.arrangedAt ? ` on ${formatDateTime(hardship.arrangedAt)}` : ''}:`}</WholeDates>
            </strong>{' '}
            <WholeDates>{`${hardship.arrangement.words}${hardship.arrangedBy ? ` (by ${hardship.arrangedBy})` : ''}${
              hardship.arrangementNote ? `. ${hardship.arrangementNote}` : ''
            }`}</WholeDates>
          </Text>
        )}
        <HardshipDeposits deposits={hardship.deposits} isStaff={isStaff} />
        {hardship.closedAt && (
          <Text>
            <strong>
              <WholeDates>{`Closed on ${formatDateTime(hardship.closedAt)}:`}</WholeDates>
            </strong>{' '}
            <WholeDates>{hardship.closeNote ?? ''}</WholeDates>
          </Text>
        )}
        {hardship.followUpPaused && (
          <Text fontSize="sm">
            {isStaff
              ? 'Missed-deposit notices are paused while this request is open.'
              : 'While we work this out with you, we will not send you missed-deposit reminders.'}
          </Text>
        )}
        {hardship.counsellingNote && (
          <Text fontSize="sm" bg="teal.50" p="2" borderRadius="sm" data-testid="counselling-note">
            {hardship.counsellingNote}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
