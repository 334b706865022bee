import { Badge, Box, Flex, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useBankDayRunQuery } from '../../gql/hooks';
import type { BankDayRunFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { Section } from '../../shared/ui/Section';
import { WholeDates } from '../../shared/ui/WholeDates';

type Run = BankDayRunFieldsFragment;
type NextLine = Run['next']['lines'][number];
type LastLine = Run['last']['lines'][number];

/** What became of a line of the last bank day, in words, and its colour. */
export const OUTCOME_WORDS: Readonly<Record<LastLine['outcome'], { text: string; palette: string }>> = {
  RECEIVED: { text: 'Received', palette: 'green' },
  MISSED: { text: 'Missed', palette: 'red' },
  PAID: { text: 'Paid', palette: 'green' },
  SENT: { text: 'Sent, waiting for the biller’s bank', palette: 'blue' },
  FAILED: { text: 'Failed', palette: 'red' },
  NOT_PAID: { text: 'Not paid', palette: 'orange' },
};

function direction(kind: NextLine['kind']): string {
  return kind === 'DEPOSIT' ? 'In' : 'Out';
}

function NextLineItem({ line, index }: { line: NextLine; index: number }) {
  return (
    <List.Item data-testid="tonight-line" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Flex justify="space-between" gap="3" wrap="wrap" align="start">
        <Box minW="0">
          <Text fontWeight="semibold">
            <WholeDates>{`${index + 1}. ${line.label}`}</WholeDates>
          </Text>
          <Flex gap="1" align="center" wrap="wrap" color="fg.muted" fontSize="sm">
            <Text>
              <WholeDates>{`${line.kind === 'DEPOSIT' ? 'Deposit in' : 'Bill paid automatically'} · due ${formatDate(line.dueDate)}`}</WholeDates>
            </Text>
            {line.late && (
              <Badge size="sm" colorPalette="orange">
                Asked for again
              </Badge>
            )}
            {line.short && (
              <Badge size="sm" colorPalette="red">
                Not covered by the balance
              </Badge>
            )}
          </Flex>
        </Box>
        <Box textAlign="end" fontVariantNumeric="tabular-nums">
          <Text fontWeight="semibold" data-testid="tonight-amount">
            {direction(line.kind)} {formatMoney(line.amount)}
          </Text>
          <Text fontSize="sm" color="fg.muted" data-testid="tonight-balance-after">
            Balance after {formatMoney(line.balanceAfter)}
          </Text>
        </Box>
      </Flex>
    </List.Item>
  );
}

function LastLineItem({ line }: { line: LastLine }) {
  const outcome = OUTCOME_WORDS[line.outcome];
  return (
    <List.Item data-testid="last-night-line" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Flex justify="space-between" gap="3" wrap="wrap" align="start">
        <Box minW="0">
          <Text fontWeight="semibold">
            <WholeDates>{line.label}</WholeDates>
          </Text>
          {line.reason && (
            <Text fontSize="sm" color="fg.muted">
              <WholeDates>{line.reason}</WholeDates>
            </Text>
          )}
        </Box>
        <Flex direction="column" align="end" gap="1" fontVariantNumeric="tabular-nums">
          <Text fontWeight="semibold">
            {direction(line.kind)} {formatMoney(line.amount)}
          </Text>
          <Badge size="sm" colorPalette={outcome.palette}>
            {outcome.text}
          </Badge>
        </Flex>
      </Flex>
    </List.Item>
  );
}

/**
 * Tonight's run, in sight (issue 24 item 3): what the next bank day does for the agreement, in order (deposits in,
 * then each bill paid automatically), each line with the balance after it, and what last night's run did. Every
 * figure is the server's (`bankDayRun`); refreshed when the figures change (live-figures.ts). Its own query, asked
 * after the page has rendered, not a part of the overview's one query: working out the next bank day is the slowest
 * part of the page (about half of that query's time on the server with it), and the section sits far down.
 */
export function TonightSection({ memberId, accountId }: { memberId: number; accountId: number }) {
  const query = useBankDayRunQuery({ variables: { memberId, accountId } });
  const run = query.data?.bankDayRun;
  return (
    <Section title="Tonight’s run" id="tonight-run">
      {query.loading && !run && <Loading label="Loading tonight’s run…" />}
      {query.error && !run && (
        <LoadFailed what="tonight’s run" error={query.error} onRetry={() => void query.refetch()} />
      )}
      {run && (
        <Stack gap="4">
          <Box>
            <Text>
              <WholeDates>{`The bank day of ${formatDate(run.next.date)}, in this order: deposits in first, each counted as arriving (as the forecast counts them), then each bill paid automatically. Balance now ${formatMoney(run.next.balanceBefore)}.`}</WholeDates>
            </Text>
            {run.next.lines.length === 0 ? (
              <Text mt="2" fontWeight="semibold" data-testid="tonight-empty">
                Nothing runs tonight.
              </Text>
            ) : (
              <>
                <List.Root as="ol" listStyleType="none" mt="2" aria-label="Tonight’s run, in order">
                  {run.next.lines.map((line, index) => (
                    <NextLineItem key={`${line.kind}-${line.depositId ?? line.billId}`} line={line} index={index} />
                  ))}
                </List.Root>
                <Text mt="1" fontWeight="semibold" data-testid="tonight-balance-end">
                  Balance after tonight’s run {formatMoney(run.next.balanceAfter)}
                </Text>
              </>
            )}
          </Box>
          <Box>
            <Heading as="h3" size="md">
              <WholeDates>{`Last night’s run (${formatDate(run.last.date)})`}</WholeDates>
            </Heading>
            {run.last.lines.length === 0 ? (
              <Text mt="2" data-testid="last-night-empty">
                Nothing ran for this agreement last night.
              </Text>
            ) : (
              <List.Root as="ol" listStyleType="none" mt="2" aria-label="What last night’s run did">
                {run.last.lines.map((line, index) => (
                  <LastLineItem key={`${line.kind}-${line.depositId ?? line.billId}-${index}`} line={line} />
                ))}
              </List.Root>
            )}
          </Box>
        </Stack>
      )}
    </Section>
  );
}
