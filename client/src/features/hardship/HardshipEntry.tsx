import { Box, Button, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useHardshipCaseQuery } from '../../gql/hooks';
import { formatDateTime } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { hardshipPath } from './hardship-path';

/**
 * The overview's way in (issue 24 item 4), rendered with the page from its query's answer: for a member, "I'm having trouble paying" (or
 * their open request's state); for staff, an open request with the counselling note and where to record the
 * arrangement. Says nothing while it loads or when it cannot load (the page has its own).
 */
export function HardshipEntry({
  memberId,
  accountId,
  isStaff,
  inArrears,
}: {
  memberId: number;
  accountId: number;
  isStaff: boolean;
  inArrears: boolean;
}) {
  const query = useHardshipCaseQuery({ variables: { memberId, accountId } });
  if (!query.data) return null;
  const hardship = query.data.hardshipCase;
  const path = hardshipPath(memberId, accountId);
  if (hardship?.followUpPaused) {
    return (
      <Box data-testid="hardship-entry">
        <StatusAlert
          status="info"
          title={isStaff ? `Asked for help with payments: ${hardship.statusLabel}` : 'Your request for help'}
        >
          <Stack gap="1">
            <Text>
              <WholeDates>
                {isStaff
                  ? `Asked on ${formatDateTime(hardship.openedAt)} for ${hardship.request.words}.`
                  : hardship.arrangement
                    ? `Arranged: ${hardship.arrangement.words}.`
                    : `Sent on ${formatDateTime(hardship.openedAt)}: we will contact you.`}
              </WholeDates>
            </Text>
            {isStaff && hardship.counsellingNote && <Text fontSize="sm">{hardship.counsellingNote}</Text>}
            <Button asChild alignSelf="start" size="sm" variant="outline" minH="11">
              <RouterLink to={path}>{isStaff ? 'Open the request for help' : 'See your request'}</RouterLink>
            </Button>
          </Stack>
        </StatusAlert>
      </Box>
    );
  }
  if (isStaff) return null;
  if (!inArrears) {
    return (
      <Text data-testid="hardship-entry" fontSize="sm">
        Finding the deposits hard to keep up?{' '}
        <Link asChild color="brand.fg" fontWeight="semibold">
          <RouterLink to={path}>I’m having trouble paying</RouterLink>
        </Link>
      </Text>
    );
  }
  return (
    <Box data-testid="hardship-entry" borderWidth="1px" borderRadius="md" p="3">
      <Stack gap="2" direction={{ base: 'column', sm: 'row' }} align={{ sm: 'center' }} justify="space-between">
        <Text>Finding it hard to catch up? We can help with a break from deposits or a lower deposit for a while.</Text>
        <Button asChild size="sm" colorPalette="brand" variant="outline" minH="11" flexShrink={0}>
          <RouterLink to={path}>I’m having trouble paying</RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
