import { Button, Stack, Text } from '@chakra-ui/react';
import { failureNotice } from '../errors';
import { SERVER_ERROR } from '../messages';
import { StatusAlert } from './StatusAlert';

interface LoadFailedProps {
  /** What could not be loaded, as a person names it: 'the overview', 'your accounts'. */
  what: string;
  /** The first sentence when the spec words it ('Could not retrieve the account balance.'); else from `what`. */
  lead?: string;
  error?: unknown;
  /** Asks again; without it no button is offered. */
  onRetry?: () => void;
  /** Asking again now: the button says so and waits. */
  retrying?: boolean;
}

/**
 * A load that failed: the spec's 'Server error.' as the title, then what could not be loaded and why or what to do
 * next, and a Try again button (issue 8 item 5).
 */
export function LoadFailed({ what, lead, error, onRetry, retrying = false }: LoadFailedProps) {
  return (
    <StatusAlert status="error" title={SERVER_ERROR}>
      <Stack gap="2" align="start">
        <Text>{failureNotice(lead ?? `We could not load ${what}.`, error)}</Text>
        {onRetry && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            bg="white"
            minH="11"
            onClick={onRetry}
            loading={retrying}
            loadingText="Trying again…"
          >
            Try again
          </Button>
        )}
      </Stack>
    </StatusAlert>
  );
}
