import { useApolloClient } from '@apollo/client/react';
import { Badge, Box, Button, HStack, Skeleton, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { formatLongDate, type LocalDate } from '@shared/local-date';
import {
  WizardBillerIsLockedDocument,
  WizardSubCategoryIsLockedDocument,
  type WizardListItemFieldsFragment,
  type WizardListSort,
  type WizardSortDirection,
} from '../../../gql/graphql';
import {
  useWizardBillingItemsQuery,
  useWizardRemoveBillerMutation,
  useWizardRemoveSubCategoryMutation,
  useWizardReinstateBillerMutation,
  useWizardReinstateSubCategoryMutation,
} from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { formatMoney } from '../../../shared/money';
import { NO_DATA } from '../../../shared/ui/Section';
import { PHONE_HIDDEN, SortableColumnHeader } from '../../../shared/ui/SortableColumnHeader';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { StepProps } from '../step-registry';
import { continuePosition, WizardMode } from '../wizard-frame';
import {
  DEFAULT_SORT,
  frequencyLabel,
  itemTypeLabel,
  listChangedBy,
  modificationDisplay,
  nextSort,
  paymentTypeLabel,
  type ListSort,
  type ListSortField,
} from './list-display';
import { addPosition, editPosition, itemScreenPosition, takeListNotice } from './list-notice';
import { BILLER_STATUS_LABELS, BillerStatus } from '@shared/biller/biller-codes.js';
import { codeOf } from '@shared/code-names.js';

type Item = WizardListItemFieldsFragment;

/** At 375 px only the name and the actions are columns (issue 26 item 7); the rest shows under the name. */
const COLUMNS: { field: ListSortField; label: string; phone: boolean }[] = [
  { field: 'nickname', label: 'Name', phone: true },
  { field: 'category', label: 'Category', phone: false },
  { field: 'type', label: 'Type', phone: false },
  { field: 'status', label: 'Status', phone: false },
];

/**
 * Step 0, the billers list (spec 2 §2-§4): the agreement's billers and sub-categories in one table, in the server's
 * order (category ascending unless a header says otherwise), each row highlighted and labelled by its modification
 * state; add, edit, remove, reinstate, continue (the frame has cancel). A bill with a pending transaction is locked,
 * a removed one waits to be reinstated. In a modification, remove and reinstate are their own step (step 1, mode 3
 * or 4); in setup a removal deletes the row at once (force-remove) and the list reloads.
 */
export function BillersListStep({ session, readOnly, go }: StepProps) {
  const client = useApolloClient();
  const [sort, setSort] = useState<ListSort>(DEFAULT_SORT);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const modify = session.kind === 'Modify';
  const { data, loading, error, refetch } = useWizardBillingItemsQuery({
    variables: {
      contractId: session.agreementId,
      sortBy: sort.field.toUpperCase() as WizardListSort,
      direction: sort.direction.toUpperCase() as WizardSortDirection,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [removeBiller] = useWizardRemoveBillerMutation();
  const [removeSubCategory] = useWizardRemoveSubCategoryMutation();
  const [reinstateBiller] = useWizardReinstateBillerMutation();
  const [reinstateSubCategory] = useWizardReinstateSubCategoryMutation();

  // A message a step left for the list (a removal, a reinstatement, a save that needs no deposits step).
  useEffect(() => {
    const message = takeListNotice();
    if (message) setNotice(message);
  }, []);

  const items = data?.wizardBillingItems;
  const disabled = readOnly || busy;
  const keyOf = (item: Item) => `${item.type}-${item.id}`;

  const isLockedNow = async (item: Item): Promise<boolean> => {
    const answer =
      item.type === 1
        ? (
            await client.query({
              query: WizardSubCategoryIsLockedDocument,
              variables: { billingSubCategoryId: item.id },
              fetchPolicy: 'network-only',
            })
          ).data?.subCategoryIsLocked
        : (
            await client.query({
              query: WizardBillerIsLockedDocument,
              variables: { billerId: item.id },
              fetchPolicy: 'network-only',
            })
          ).data?.billerIsLocked;
    return answer === true;
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      await work();
    } catch (caught) {
      setProblem(serverMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const edit = (item: Item) =>
    run(async () => {
      if (await isLockedNow(item)) {
        setProblem(item.lockedMessage ?? 'This bill currently has a pending transaction and cannot be edited.');
        await refetch();
        return;
      }
      go(editPosition(item));
    });

  /** Setup: force-remove, the row is deleted and the list reloads. */
  const forceRemove = (item: Item) =>
    run(async () => {
      setConfirming(null);
      const result =
        item.type === 1
          ? (await removeSubCategory({ variables: { billingSubCategoryId: item.id } })).data?.removeSubCategory
          : (await removeBiller({ variables: { billerId: item.id } })).data?.removeBiller;
      if (result && result.errors.length > 0) setProblem(result.errors[0].message);
      else if (result?.message) setNotice(result.message);
      await refetch();
    });

  /** Outside a modification, reinstating is direct. */
  const reinstate = (item: Item) =>
    run(async () => {
      const result =
        item.type === 1
          ? (await reinstateSubCategory({ variables: { billingSubCategoryId: item.id } })).data?.reinstateSubCategory
          : (await reinstateBiller({ variables: { billerId: item.id } })).data?.reinstateBiller;
      if (result && result.errors.length > 0) setProblem(result.errors[0].message);
      else if (result?.message) setNotice(result.message);
      await refetch();
    });

  const remove = (item: Item) => {
    if (modify) go(itemScreenPosition(item, WizardMode.Remove));
    else setConfirming(keyOf(item));
  };
  const onReinstate = (item: Item) => {
    if (modify) go(itemScreenPosition(item, WizardMode.Enable));
    else void reinstate(item);
  };

  return (
    <Stack gap="4" data-testid="wizard-step-list">
      {notice && <StatusAlert status="success">{notice}</StatusAlert>}
      {problem && <StatusAlert status="error">{problem}</StatusAlert>}
      {error && !items && <StatusAlert status="error">{serverMessage(error)}</StatusAlert>}

      {/* Positioned: the hidden labels are placed inside the scrolling table, not past a phone's page edge. */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="100%" position="relative">
        <Table.Root size="sm" variant="line" aria-busy={loading}>
          <caption>
            <VisuallyHidden>
              The billers and sub-categories of this agreement. Sorted by {sort.field}, {sort.direction}ending. Each row
              says how this {listChangedBy(session.kind, session.isRenewal)} changes it.
            </VisuallyHidden>
          </caption>
          <Table.Header>
            <Table.Row bg="gray.50">
              {COLUMNS.map(({ field, label, phone }) => (
                <SortableColumnHeader
                  key={field}
                  field={field}
                  label={label}
                  hideOnPhone={!phone}
                  sort={sort}
                  onSort={(column) => setSort(nextSort(sort, column))}
                />
              ))}
              <Table.ColumnHeader scope="col" textAlign="end" display={PHONE_HIDDEN}>
                Amount
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" display={PHONE_HIDDEN}>
                Next bill
              </Table.ColumnHeader>
              <Table.ColumnHeader scope="col" position="relative">
                Actions
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!items && (
              <Table.Row>
                <Table.Cell colSpan={7}>
                  {error ? (
                    <Text color="fg.error">The billers could not be loaded.</Text>
                  ) : (
                    <Skeleton height="5" aria-label="Loading the billers" />
                  )}
                </Table.Cell>
              </Table.Row>
            )}
            {items?.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={7} color="fg.muted">
                  {NO_DATA}: no biller or sub-category yet. Add a biller to start.
                </Table.Cell>
              </Table.Row>
            )}
            {items?.map((item) => {
              const change = modificationDisplay(item.modificationState);
              const payment = paymentTypeLabel(item.paymentType);
              const key = keyOf(item);
              // The server's next bill (today or later, within the agreement); a running agreement's stored date of
              // bill is its first bill, months past.
              const nextBill = item.nextBillDate ? formatLongDate(item.nextBillDate as LocalDate) : '—';
              return (
                <Table.Row
                  key={key}
                  data-item={item.nickname}
                  data-modification={item.modificationState}
                  bg={change ? `${change.palette}.50` : undefined}
                  borderInlineStartWidth={change ? '4px' : undefined}
                  borderInlineStartColor={change ? `${change.palette}.500` : undefined}
                >
                  <Table.Cell>
                    <Text fontWeight="semibold">{item.nickname}</Text>
                    {item.company && (
                      <Text fontSize="xs" color="fg.muted">
                        {item.company}
                      </Text>
                    )}
                    {/* On a phone the hidden columns' essentials: status, change and next bill. */}
                    <Stack gap="1" align="start" mt="1" display={{ base: 'flex', md: 'none' }}>
                      <Text fontSize="xs">
                        {formatMoney(item.expectedBillValue)} {frequencyLabel(item.billingFrequency)}
                      </Text>
                      <Text fontSize="xs">{BILLER_STATUS_LABELS[codeOf(BillerStatus, item.status)]}</Text>
                      <Text fontSize="xs">Next bill {nextBill}</Text>
                      {change && (
                        <Badge
                          colorPalette={change.palette}
                          variant="outline"
                          color={`${change.palette}.800`}
                          bg="white"
                        >
                          {change.label}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell display={PHONE_HIDDEN}>{item.category}</Table.Cell>
                  <Table.Cell display={PHONE_HIDDEN}>
                    {itemTypeLabel(item.type)}
                    {payment && (
                      <Text fontSize="xs" color="fg.muted">
                        {payment}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell display={PHONE_HIDDEN}>
                    <Stack gap="1" align="start">
                      <Text>{BILLER_STATUS_LABELS[codeOf(BillerStatus, item.status)]}</Text>
                      {change && (
                        <Badge
                          colorPalette={change.palette}
                          variant="outline"
                          color={`${change.palette}.800`}
                          bg="white"
                        >
                          {change.label}
                        </Badge>
                      )}
                    </Stack>
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" display={PHONE_HIDDEN}>
                    {formatMoney(item.expectedBillValue)}
                    <Text fontSize="xs" color="fg.muted">
                      {frequencyLabel(item.billingFrequency)}
                    </Text>
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" display={PHONE_HIDDEN}>
                    {nextBill}
                  </Table.Cell>
                  <Table.Cell>
                    {confirming === key ? (
                      <Stack gap="2" minW="40">
                        <Text fontSize="sm">Remove {item.nickname} from this agreement?</Text>
                        <HStack gap="2">
                          <Button
                            size="xs"
                            colorPalette="red"
                            disabled={disabled}
                            onClick={() => void forceRemove(item)}
                          >
                            Yes, remove
                          </Button>
                          <Button size="xs" variant="outline" onClick={() => setConfirming(null)}>
                            Keep it
                          </Button>
                        </HStack>
                      </Stack>
                    ) : (
                      <Stack gap="2">
                        {item.isLocked && (
                          <Text fontSize="xs" color="orange.800" fontWeight="medium" maxW="48">
                            {item.lockedMessage}
                          </Text>
                        )}
                        <HStack gap="2" wrap="wrap">
                          {item.canEdit && (
                            <Button
                              size="xs"
                              variant="outline"
                              disabled={disabled}
                              aria-label={`Edit ${item.nickname}`}
                              onClick={() => void edit(item)}
                            >
                              Edit
                            </Button>
                          )}
                          {item.canRemove && (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              disabled={disabled}
                              aria-label={`Remove ${item.nickname}`}
                              onClick={() => remove(item)}
                            >
                              Remove
                            </Button>
                          )}
                          {item.canReinstate && (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="purple"
                              disabled={disabled}
                              aria-label={`Reinstate ${item.nickname}`}
                              onClick={() => onReinstate(item)}
                            >
                              Reinstate
                            </Button>
                          )}
                        </HStack>
                      </Stack>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>

      <Box>
        <HStack gap="3" wrap="wrap">
          <Button variant="outline" disabled={disabled} onClick={() => go(addPosition())}>
            Add a biller or sub-category
          </Button>
          <Button
            colorPalette="brand"
            disabled={disabled || !items || items.length === 0}
            onClick={() => go(continuePosition(session))}
          >
            {session.continueLabel}
          </Button>
        </HStack>
      </Box>
    </Stack>
  );
}
