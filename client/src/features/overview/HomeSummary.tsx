import { Badge, Button, Flex, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Suspense, lazy, useDeferredValue, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { OverviewSummaryFieldsFragment } from '../../gql/graphql';
import { useClientSettingsQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Section } from '../../shared/ui/Section';
import { canTopUpRainyDay } from '../bills/bill-rules';
import { ForecastVerdictView } from './ForecastVerdictView';
import { WholeDates } from '../../shared/ui/WholeDates';

// Shown only when the forecast is short: loaded then, not with every overview (the first-load budget).
const ShortfallFixPanel = lazy(() =>
  import('./ShortfallFixPanel').then((module) => ({ default: module.ShortfallFixPanel })),
);
const TopUpRainyDayDialog = lazy(() =>
  import('../bills/TopUpRainyDayDialog').then((module) => ({ default: module.TopUpRainyDayDialog })),
);
const ContactSupportDialog = lazy(() =>
  import('../support/ContactSupportDialog').then((module) => ({ default: module.ContactSupportDialog })),
);

const LOADING_FIXES = <Loading label="Loading the fixes…" />;

type Overview = OverviewSummaryFieldsFragment;

/** How many of the bills due the summary names (the tables below list them all). */
export const SUMMARY_BILLS = 3;

interface HomeSummaryProps {
  memberId: number;
  accountId: number;
  overview: Overview;
  isStaff: boolean;
  /** The membership was resigned: no money moves (no top-up offered). */
  resigned?: boolean;
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
 * The overview's opening (issue 8 item 7): the next deposit, the bills due (every payment kind), the forecast's
 * verdict and what to do next: pay a bill, top up rainy day, contact us. Every figure and word is the agreement's
 * projection from the server (issue 25 item 3), the same for the member and for staff. A top-up or a fix applied
 * changes the figures: the server announces it and every open screen asks again (live-figures.ts), so nothing here
 * asks the page again.
 */
export function HomeSummary({ memberId, accountId, overview, isStaff, resigned }: HomeSummaryProps) {
  const supportEmail = useClientSettingsQuery().data?.clientSettings.supportEmail ?? '';
  const [dialog, setDialog] = useState<'topUp' | 'support' | null>(null);
  // The fixes (their own chunk and query) are asked for once the page has painted: false on the first render, true
  // in the deferred render React starts straight after it. Asked for during the first render, their chunk made the
  // phone's first paint wait one more round trip (issue 23 item 1); their "Loading the fixes…" shows meanwhile.
  const afterFirstPaint = useDeferredValue(true, false);
  const agreement = overview.agreement;
  const projection = overview.projection;
  const base = `/member/${memberId}/account/${accountId}`;
  const due = projection?.billsDue ?? [];
  const bills = due.slice(0, SUMMARY_BILLS);
  const nextDeposit = projection?.nextDeposit ?? null;

  return (
    <Section title="What’s next" id="home">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" alignItems="start">
        <Fact label="Next deposit">
          {nextDeposit ? (
            <Text data-testid="home-next-deposit">
              <Text as="span" fontSize="xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
                {formatMoney(nextDeposit.amount)}
              </Text>
              <WholeDates>{` on ${formatDate(nextDeposit.date)}`}</WholeDates>
            </Text>
          ) : (
            <Text color="fg.muted" data-testid="home-no-next-deposit">
              {projection?.noNextDeposit ?? 'No deposit is scheduled.'}
            </Text>
          )}
          {projection?.arrears && (
            <Text color="fg.error" fontSize="sm" data-testid="home-arrears">
              <WholeDates>{`${formatMoney(projection.arrears.amount)} of deposits missed since ${formatDate(projection.arrears.since)}`}</WholeDates>
            </Text>
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
                    {bill.overdue && (
                      <Badge ms="1" size="sm" colorPalette="red">
                        Overdue
                      </Badge>
                    )}
                    {bill.onHold && (
                      <Badge ms="1" size="sm" colorPalette="orange">
                        On hold
                      </Badge>
                    )}
                    {bill.isAutoPayment && (
                      <Badge ms="1" size="sm" colorPalette="gray">
                        Automatic
                      </Badge>
                    )}
                  </Text>
                  <Text fontVariantNumeric="tabular-nums" fontWeight="semibold">
                    {formatMoney(bill.amount)}
                  </Text>
                </Flex>
              ))}
              {due.length > bills.length && (
                <Text as="li" color="fg.muted" fontSize="sm">
                  and {due.length - bills.length} more due within 30 days
                </Text>
              )}
            </Stack>
          )}
        </Fact>
        <Fact label="Forecast">
          <ForecastVerdictView verdict={projection?.verdict} />
          {agreement && (
            <Link asChild color="brand.fg" fontSize="sm" textDecoration="underline">
              <RouterLink to={`${base}/member/graphs`}>See the forecast on the graphs page</RouterLink>
            </Link>
          )}
        </Fact>
      </SimpleGrid>
      {agreement && !resigned && projection?.verdict.tone === 'short' && (
        <Suspense fallback={LOADING_FIXES}>
          {afterFirstPaint ? <ShortfallFixPanel memberId={memberId} accountId={accountId} /> : LOADING_FIXES}
        </Suspense>
      )}
      <Flex gap="3" wrap="wrap" data-testid="home-actions">
        {projection?.billsPayable && (
          <Button asChild colorPalette="brand" minH="11">
            <RouterLink to={`${base}/paybill`}>Pay a bill</RouterLink>
          </Button>
        )}
        {agreement && canTopUpRainyDay(agreement.status, isStaff, resigned) && (
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
            onDone={() => setDialog(null)}
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
