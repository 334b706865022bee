import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import dayjs from 'dayjs';
import type { BillerInput, PreviewFiguresFieldsFragment, SubCategoryInput } from '../../../gql/graphql';
import { useBillerEditPreviewQuery } from '../../../gql/hooks';
import { formatMoney } from '../../../shared/money';
import { useDebouncedValue } from '../../bills/use-debounced-value';
import { formatWizardDate } from './biller-form-values';
import { previewItemOf } from './edit-preview-input';

const WAIT_MS = 400;

function lowest(figures: PreviewFiguresFieldsFragment | null | undefined) {
  if (!figures) return null;
  return `${formatMoney(figures.lowestPoint.balance)} on ${formatWizardDate(figures.lowestPoint.date)}`;
}

/**
 * The effect of the edit before it is saved (issue 9 item 9): the deposit each frequency would need and the
 * agreement's lowest forecast point, as it is and with this edit, updated as the form is typed (debounced,
 * read-only: the server's `billerEditPreview` on the deposits step's own engine).
 */
export function EditPreview({
  contractId,
  replacing,
  biller,
  subCategory,
}: {
  contractId: number;
  replacing: string | null;
  biller: BillerInput | null;
  subCategory: SubCategoryInput | null;
}) {
  const edited = biller ?? subCategory;
  const item = useDebouncedValue(edited ? previewItemOf(edited, dayjs().format('YYYY-MM-DD')) : null, WAIT_MS);
  // The overdue option as the form will save it: "all unpaid overdue" prices the overdue bills at the new amount.
  const overdueOption = edited?.overdueOption ?? null;
  const { data, previousData, error, loading } = useBillerEditPreviewQuery(
    item ? { variables: { contractId, replacing, item, overdueOption } } : skipToken,
  );
  const preview = (data ?? previousData)?.billerEditPreview;
  const after = preview?.available ? preview.after : null;
  const before = preview?.before ?? null;
  return (
    <Box
      as="aside"
      aria-labelledby="edit-preview-title"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      data-testid="edit-preview"
    >
      <Stack gap="3">
        <Heading as="h3" size="sm" id="edit-preview-title">
          What this costs per deposit
        </Heading>
        <Stack gap="3" aria-live="polite" aria-busy={loading}>
          {!item ? (
            <Text fontSize="sm" color="fg.muted">
              Enter the amount, how often the bill comes and its date to see the deposit it needs.
            </Text>
          ) : error ? (
            <Text fontSize="sm" color="fg.muted">
              The effect cannot be shown at the moment.
            </Text>
          ) : preview && !preview.available ? (
            <Text fontSize="sm" color="fg.muted">
              {preview.message}
            </Text>
          ) : after ? (
            <>
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Deposit</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Now</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">With this change</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {after.deposits.map((deposit, i) => (
                    <Table.Row key={deposit.frequency} data-testid={`preview-${deposit.label.toLowerCase()}`}>
                      <Table.Cell>{deposit.label}</Table.Cell>
                      <Table.Cell textAlign="end">
                        {formatMoney(before?.deposits[i]?.amount, { missing: '—' })}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontWeight="semibold">
                        {formatMoney(deposit.amount)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
              <Text fontSize="sm" data-testid="preview-lowest">
                Lowest forecast balance with this change: <strong>{lowest(after)}</strong>
                {before ? ` (now ${lowest(before)})` : ''}.
              </Text>
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              Working it out…
            </Text>
          )}
        </Stack>
        <Text fontSize="xs" color="fg.muted">
          Nothing is saved until you save the form.
        </Text>
      </Stack>
    </Box>
  );
}
