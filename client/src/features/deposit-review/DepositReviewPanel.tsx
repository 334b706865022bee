import { Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import type { DepositReviewQuery } from '../../gql/graphql';
import { useDepositReviewQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { formatMoney } from '../../shared/money';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { Loading } from '../../shared/ui/Loading';
import { Section } from '../../shared/ui/Section';
import { DepositReviewActions } from './DepositReviewActions';

export const DEPOSIT_REVIEW_WORDS = {
  title: 'Your bills against their estimates',
  tableLabel: 'Each bill: estimate, paid so far, expected by term end, difference and contingency',
  proposal: 'Deposit review',
  due: {
    Schedule: 'A review is due: the time for the scheduled review has come.',
    Deficit: 'A review is due: the forecast falls short by more than one deposit.',
    Surplus: 'A review is due: the balance at term end is more than one deposit.',
  },
  nextReview: 'Next scheduled review',
  total: 'Total',
  loading: 'Loading the deposit review…',
  what: 'the deposit review',
  closed: {
    Dismissed: (on: string) => `The review of ${on} is closed: your deposit stays as it is.`,
    Accepted: (on: string) => `The review of ${on} was accepted: its new deposit is a change to your agreement.`,
  },
} as const;

type Review = NonNullable<DepositReviewQuery['depositReview']>;
type Figures = Omit<Review['totals'], '__typename'>;

interface DepositReviewPanelProps {
  memberId: number;
  accountId: number;
  /** Shown only for this version (the account's current one); any other version's page shows nothing. */
  agreementId: number;
}

function contingencyWords(figures: Figures): string {
  const { setAside, used, toRainyDay, heldForBillsToCome } = figures.contingency;
  return `Set aside ${formatMoney(setAside)}: ${formatMoney(used)} paid bills, ${formatMoney(toRainyDay)} to rainy day; ${formatMoney(heldForBillsToCome)} held for bills to come`;
}

function FigureCells({ figures }: { figures: Figures }) {
  const cell = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
  return (
    <>
      <Table.Cell {...cell}>{formatMoney(figures.estimate)}</Table.Cell>
      <Table.Cell {...cell}>{formatMoney(figures.paidSoFar)}</Table.Cell>
      <Table.Cell {...cell}>{formatMoney(figures.expectedByTermEnd)}</Table.Cell>
      <Table.Cell {...cell}>{formatMoney(figures.difference, { sign: true })}</Table.Cell>
      <Table.Cell fontSize="sm">{contingencyWords(figures)}</Table.Cell>
    </>
  );
}

/**
 * The deposit that reviews itself (issue 24 item 2), on the agreement's page (member and staff): each bill's estimate
 * over the term, what it came to so far, what is expected by term end, the difference and where its contingency went;
 * then the deposit a review proposes, explained bill by bill. Every figure and sentence is the server's.
 */
export function DepositReviewPanel({ memberId, accountId, agreementId }: DepositReviewPanelProps) {
  const query = useDepositReviewQuery({ variables: { memberId, accountId }, fetchPolicy: 'cache-and-network' });
  const review = query.data?.depositReview;
  if (query.error) {
    return <LoadFailed what={DEPOSIT_REVIEW_WORDS.what} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.loading && !review) return <Loading label={DEPOSIT_REVIEW_WORDS.loading} />;
  if (!review || review.agreementId !== agreementId) return null;
  const { proposal, due } = review;
  return (
    <Section title={DEPOSIT_REVIEW_WORDS.title} id="deposit-review">
      <Stack gap="4">
        {/* Wider than a phone: the scrolling area is reachable from the keyboard (axe scrollable-region-focusable). */}
        <Table.ScrollArea
          borderWidth="1px"
          borderRadius="md"
          tabIndex={0}
          role="group"
          aria-label="The bills, scrolling sideways"
        >
          <Table.Root size="sm" data-testid="deposit-review-table" aria-label={DEPOSIT_REVIEW_WORDS.tableLabel}>
            <Table.Header>
              <Table.Row bg="gray.50">
                <Table.ColumnHeader scope="col">Bill</Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Estimate
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Paid so far
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Expected by term end
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col" textAlign="end">
                  Difference
                </Table.ColumnHeader>
                <Table.ColumnHeader scope="col">Contingency</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {review.rows.map((row) => (
                <Table.Row key={row.billerKey} data-row="review-bill">
                  <Table.Cell>{row.name}</Table.Cell>
                  <FigureCells figures={row} />
                </Table.Row>
              ))}
              <Table.Row fontWeight="semibold" data-row="review-total">
                <Table.Cell>{DEPOSIT_REVIEW_WORDS.total}</Table.Cell>
                <FigureCells figures={review.totals} />
              </Table.Row>
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {proposal && (
          <Box borderWidth="1px" borderRadius="md" p="3" data-testid="deposit-review-proposal">
            <Stack gap="2">
              <Text fontWeight="semibold">
                {DEPOSIT_REVIEW_WORDS.proposal}
                {due?.due && due.reason && (
                  <Badge ms="2" colorPalette="orange">
                    Due
                  </Badge>
                )}
              </Text>
              <Text data-testid="deposit-review-summary">
                <WholeDates>{proposal.summary}</WholeDates>
              </Text>
              {proposal.reasons.length > 0 && (
                <Box as="ul" ps="5" listStyleType="disc" aria-label="Why the deposit changes">
                  {proposal.reasons.map((reason) => (
                    <li key={reason.billerKey ?? 'rest'}>
                      <WholeDates>{reason.words}</WholeDates>
                    </li>
                  ))}
                </Box>
              )}
              {due?.due && due.reason && <Text fontSize="sm">{DEPOSIT_REVIEW_WORDS.due[due.reason]}</Text>}
              {due && (
                <Text fontSize="sm" color="fg.muted">
                  <WholeDates>{`${DEPOSIT_REVIEW_WORDS.nextReview}: ${formatDate(due.nextScheduled)}`}</WholeDates>
                </Text>
              )}
              {review.open && <DepositReviewActions memberId={memberId} accountId={accountId} open={review.open} />}
              {review.closed && (
                <Text data-testid="deposit-review-closed">
                  <WholeDates>
                    {DEPOSIT_REVIEW_WORDS.closed[review.closed.outcome](formatDate(review.closed.reviewedOn))}
                  </WholeDates>
                </Text>
              )}
            </Stack>
          </Box>
        )}
      </Stack>
    </Section>
  );
}
