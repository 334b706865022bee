import { Badge, DataList, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { AgreementSummaryFieldsFragment } from '../../gql/graphql';
import { formatDate } from '../../shared/dates';
import { WholeDates } from '../../shared/ui/WholeDates';
import { formatMoney } from '../../shared/money';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { overdrawRuleText } from './overview-rules';

/** The server's tone of the standing (a resigned member's active agreement is not green). */
const PALETTE: Record<string, 'green' | 'orange' | 'red' | 'gray'> = {
  ok: 'green',
  warning: 'orange',
  danger: 'red',
  neutral: 'gray',
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The agreement summary (spec 1 §3 "Contract summary"), with the billers on hold as warnings. */
export function AgreementSummaryCard({
  summary,
  wide = false,
}: {
  summary: AgreementSummaryFieldsFragment;
  /** Full-width pages fit the 4 balances on one row. */
  wide?: boolean;
}) {
  const nextDeposit =
    summary.nextDepositAmount || summary.nextDepositDate
      ? [formatMoney(summary.nextDepositAmount), summary.nextDepositDate && `on ${formatDate(summary.nextDepositDate)}`]
          .filter(Boolean)
          .join(' ')
      : '—';
  return (
    <Stack gap="4">
      {summary.billersOnHold.map((biller) => (
        <StatusAlert key={`${biller.billerId}-${biller.date}`} status="warning" title="Biller on hold">
          {biller.message}
        </StatusAlert>
      ))}
      <DataList.Root orientation="horizontal" size="md" gap="3">
        <Item label="Agreement">
          <span data-testid="agreement-number">{summary.contractId}</span>
        </Item>
        <Item label="Status">
          <Badge
            colorPalette={PALETTE[summary.statusTone] ?? 'gray'}
            size="md"
            whiteSpace="normal"
            data-testid="agreement-status"
          >
            {summary.statusName}
          </Badge>
        </Item>
        <Item label="Deposit">
          {summary.depositWords ? (
            <span data-testid="summary-deposit-words">{summary.depositWords}</span>
          ) : (
            formatMoney(summary.depositAmount)
          )}
        </Item>
        <Item label="Next deposit">
          <WholeDates>{nextDeposit}</WholeDates>
        </Item>
        <Item label="Frequency">{summary.contributionFrequencyName}</Item>
        <Item label="Start date">{formatDate(summary.startDate, '—')}</Item>
        <Item label="End date">{formatDate(summary.endDate, '—')}</Item>
        <Item label="Overdraw rule">{overdrawRuleText(summary)}</Item>
      </DataList.Root>
      <Heading as="h3" size="sm" color="fg.muted">
        Balances
      </Heading>
      <SimpleGrid columns={wide ? { base: 2, sm: 4 } : { base: 2, sm: 4, lg: 2 }} gap="3">
        {(
          [
            ['Allocation', summary.balances.allocation],
            ['Contingency', summary.balances.contingency],
            ['Rainy day', summary.balances.rainyDay],
            ['Total', summary.balances.total],
          ] as const
        ).map(([label, amount]) => (
          <Stack key={label} gap="0" bg="brand.subtle" borderRadius="md" px="3" py="2">
            <Text fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
              {formatMoney(amount)}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
