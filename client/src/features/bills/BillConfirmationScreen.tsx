import { Button, HStack, Stack } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useBillConfirmationQuery } from '../../gql/hooks';
import { formatDateTime } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { parsePositiveId } from '../../shared/route-ids';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { FigureList } from './FigureList';
import { PayingDetailsList } from './PayingDetailsList';
import { parseBillOrAllocation } from './bill-rules';
import { useBillContext } from './use-bill-context';

/** `bill/:billId/confirmation/:billOrAllocation` and the reimbursement variant: the confirmation summary (spec 1 §3). */
export function BillConfirmationScreen({ reimbursement = false }: { reimbursement?: boolean }) {
  const params = useParams();
  const billId = parsePositiveId(params.billId);
  const variant = parseBillOrAllocation(params.billOrAllocation);
  const { base } = useBillContext();
  // The payment's notice (navigation state) is shown by the layout (RootLayout), once.
  const { data, loading, error, refetch } = useBillConfirmationQuery(billId ? { variables: { billId } } : skipToken);
  const title = reimbursement ? 'Reimbursement confirmation' : 'Payment confirmation';
  const view = data?.billConfirmation;
  const figures = view?.figures;
  const rows: [string, string][] =
    view && figures
      ? [
          ['Actual amount', formatMoney(figures.actualAmount)],
          ['Category', view.bill.categoryName],
          ['Nickname', view.bill.nickname],
          ['Paid as', variant === 'allocation' ? 'Category bill' : 'Bill'],
          ['Amount poured into rainy day', formatMoney(figures.pouredIntoRainyDay)],
          ['Total paid out', formatMoney(figures.totalPaidOut)],
          ['Overdue bills paid', String(figures.overdueBillsCount)],
          ['From rainy day', formatMoney(figures.fromRainyDay)],
          ['From savings account', formatMoney(figures.fromSavings)],
          ['Amount owing', formatMoney(figures.amountOwing)],
          ['From the money set aside', formatMoney(figures.fromAllocation)],
          ['From contingency', formatMoney(figures.fromContingency)],
          ['Set aside for the bills paid together', formatMoney(figures.combinedAllocation)],
          ...(view.reimbursementAccount
            ? ([['Reimbursement account', view.reimbursementAccount]] as [string, string][])
            : []),
          ['Date', formatDateTime(view.paidAt)],
        ]
      : [];
  return (
    <Page title={title} narrow>
      {loading && <Loading label="Loading the confirmation…" />}
      {error && <LoadFailed what="the confirmation" error={error} onRetry={() => void refetch()} />}
      {view && (
        <Stack gap="5">
          <StatusAlert status="success">
            {reimbursement ? 'The bill has been reimbursed.' : 'The bill has been paid.'}
          </StatusAlert>
          <Section title="Summary">
            <FigureList rows={rows} testId="confirmation-summary" />
          </Section>
          {reimbursement ? (
            // The money went to the member's own account, not to the biller (issue 25, seen 6).
            <>
              <Section title="Paid to">
                <FigureList rows={[['Your account', view.reimbursementAccount ?? '—']]} testId="paid-to" />
              </Section>
              {variant === 'bill' && (
                <Section title="The bill you paid">
                  <PayingDetailsList {...view.bill} />
                </Section>
              )}
            </>
          ) : (
            variant === 'bill' && (
              <Section title="Paid to">
                <PayingDetailsList {...view.bill} />
              </Section>
            )
          )}
          <HStack gap="3" wrap="wrap">
            <Button asChild colorPalette="brand">
              <RouterLink to={`${base}/paybill`}>Back to bills</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={`${base}/overview?viewMode=showMenus`}>Agreement summary</RouterLink>
            </Button>
          </HStack>
        </Stack>
      )}
    </Page>
  );
}
