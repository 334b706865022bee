import { Badge, Button, Flex, Link, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AccountOverviewQuery } from '../../gql/graphql';
import { useAccountForecastQuery, useClientSettingsQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { Section } from '../../shared/ui/Section';
import { canTopUpRainyDay } from '../bills/bill-rules';
import { ForecastVerdictView } from './ForecastVerdictView';

const TopUpRainyDayDialog = lazy(() =>
  import('../bills/TopUpRainyDayDialog').then((module) => ({ default: module.TopUpRainyDayDialog })),
);
const ContactSupportDialog = lazy(() =>
  import('../support/ContactSupportDialog').then((module) => ({ default: module.ContactSupportDialog })),
);

type Overview = AccountOverviewQuery['accountOverview'];

/** How many of the upcoming bills the summary names (the table below lists up to 6). */
export const SUMMARY_BILLS = 3;

const OVERDUE = new Set([1, 4]);

interface HomeSummaryProps {
  memberId: number;
  accountId: number;
  overview: Overview;
  isStaff: boolean;
  /** After a top-up: the balances, activities and forecast change. */
  onChanged: () => void;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="1" minW="0">
      <Text as="h3" fontSize="sm" fontWeight="semibold" color="fg.muted">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The overview's opening (issue 8 item 7): the next deposit, the next bills, the forecast's verdict (the graphs
 * page's own figure, from the server) and what to do next: pay a bill, top up rainy day, contact us. Staff viewing a
 * member see the same summary.
 */
export function HomeSummary({ memberId, accountId, overview, isStaff, onChanged }: HomeSummaryProps) {
  const forecast = useAccountForecastQuery({ variables: { memberId, accountId } });
  const supportEmail = useClientSettingsQuery().data?.clientSettings.supportEmail ?? '';
  const [dialog, setDialog] = useState<'topUp' | 'support' | null>(null);
  const agreement = overview.agreement;
  const base = `/member/${memberId}/account/${accountId}`;
  const bills = overview.upcomingBills.slice(0, SUMMARY_BILLS);

  return (
    <Section title="What’s next" id="home">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
        <Fact label="Next deposit">
          {agreement?.nextDepositDate || agreement?.nextDepositAmount ? (
            <Text data-testid="home-next-deposit">
              <Text as="span" fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
                {formatMoney(agreement.nextDepositAmount)}
              </Text>
              {agreement.nextDepositDate && ` on ${formatDate(agreement.nextDepositDate)}`}
            </Text>
          ) : (
            <Text color="fg.muted">No deposit is scheduled.</Text>
          )}
        </Fact>
        <Fact label="Next bills">
          {bills.length === 0 ? (
            <Text color="fg.muted">No bills are due soon.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="1" data-testid="home-next-bills">
              {bills.map((bill) => (
                <Flex as="li" key={bill.billId} justify="space-between" gap="2" wrap="wrap">
                  <Text minW="0">
                    {bill.billerName}{' '}
                    <Text as="span" color="fg.muted" whiteSpace="nowrap">
                      due {formatDate(bill.dueDate)}
                    </Text>
                    {OVERDUE.has(bill.status) && (
                      <Badge ms="1" size="sm" colorPalette="red">
                        Overdue
                      </Badge>
                    )}
                  </Text>
                  <Text fontVariantNumeric="tabular-nums" fontWeight="semibold">
                    {formatMoney(bill.amount)}
                  </Text>
                </Flex>
              ))}
            </Stack>
          )}
        </Fact>
        <Fact label="Forecast">
          {forecast.loading && !forecast.data ? (
            <Skeleton height="12" aria-label="Loading the forecast" />
          ) : forecast.error ? (
            <Text color="fg.muted">The forecast could not be loaded. The graphs page has it in full.</Text>
          ) : (
            <ForecastVerdictView verdict={forecast.data?.accountForecast.verdict} />
          )}
          {agreement && (
            <Link asChild color="brand.fg" fontSize="sm" textDecoration="underline">
              <RouterLink to={`${base}/member/graphs`}>See the forecast on the graphs page</RouterLink>
            </Link>
          )}
        </Fact>
      </SimpleGrid>
      <Flex gap="3" wrap="wrap" data-testid="home-actions">
        {agreement && (
          <Button asChild colorPalette="brand" minH="11">
            <RouterLink to={`${base}/paybill`}>Pay a bill</RouterLink>
          </Button>
        )}
        {agreement && canTopUpRainyDay(agreement.status) && (
          <Button variant="outline" minH="11" onClick={() => setDialog('topUp')}>
            Top up rainy day
          </Button>
        )}
        {!isStaff && (
          <Button variant="outline" minH="11" onClick={() => setDialog('support')}>
            Contact us
          </Button>
        )}
      </Flex>
      <Suspense fallback={null}>
        {dialog === 'topUp' && agreement && (
          <TopUpRainyDayDialog
            contractId={agreement.contractId}
            onClose={() => setDialog(null)}
            onDone={() => {
              setDialog(null);
              onChanged();
            }}
          />
        )}
        {dialog === 'support' && (
          <ContactSupportDialog
            accountId={accountId}
            supportEmail={supportEmail}
            signedIn
            onClose={() => setDialog(null)}
          />
        )}
      </Suspense>
    </Section>
  );
}
