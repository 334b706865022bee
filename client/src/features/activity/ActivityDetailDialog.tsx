import { Badge, Box, CloseButton, DataList, Dialog, Link, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ActivityDetailQuery } from '../../gql/graphql';
import { useActivityDetailQuery } from '../../gql/hooks';
import { formatDateTime } from '../../shared/dates';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { activityIntro, detailsText, modificationRows, pendingWording, statusPalette } from './activity-details';
import { displayLabel } from '../../shared/labels';
import { WholeDates } from '../../shared/ui/WholeDates';

type ActivityDetail = ActivityDetailQuery['activity'];

interface ActivityDetailDialogProps {
  activityId: number | null;
  isStaff: boolean;
  /** Base path of the member's account, for the transaction link. */
  accountPath: string;
  onClose: () => void;
}

/** One activity in full: the variant for its kind (spec 1 §2 "Activity detail variants"). */
export function ActivityDetailDialog({ activityId, isStaff, accountPath, onClose }: ActivityDetailDialogProps) {
  const { data, loading, error, refetch } = useActivityDetailQuery(
    activityId === null ? skipToken : { variables: { activityId, staff: isStaff } },
  );
  const activity = data?.activity;
  return (
    <Dialog.Root
      open={activityId !== null}
      onOpenChange={(details) => (details.open ? undefined : onClose())}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{activity?.label || 'Activity'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {loading && <Loading label="Loading the activity…" />}
              {error && <LoadFailed what="the activity" error={error} onRetry={() => void refetch()} />}
              {activity && <ActivityDetailBody activity={activity} isStaff={isStaff} accountPath={accountPath} />}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the activity" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

export function ActivityDetailBody({
  activity,
  isStaff,
  accountPath,
}: {
  activity: ActivityDetail;
  isStaff: boolean;
  accountPath: string;
}) {
  const kind = activity.detailsKind;
  const intro = activityIntro(kind, isStaff);
  const changes =
    kind === 'MODIFICATION_JSON' ? modificationRows(activity.modificationChanges, activity.details) : null;
  const text = pendingWording(detailsText(activity.details), activity.isPending);
  const isMoney = kind === 'PAY_BILL' || kind === 'REIMBURSE_BILL' || kind === 'DIRECT_DEBIT_FAILURE';
  return (
    <Stack gap="5" data-kind={kind}>
      {intro && <Text fontWeight="medium">{intro}</Text>}
      {kind === 'MODIFICATION_JSON' ? (
        changes ? (
          <ChangesTable rows={changes} />
        ) : (
          <Box as="pre" whiteSpace="pre-wrap" fontSize="sm" bg="gray.50" p="3" borderRadius="md">
            {activity.details}
          </Box>
        )
      ) : (
        text && (
          <Text
            whiteSpace="pre-wrap"
            bg={kind === 'NOTIFICATION' ? 'gray.50' : undefined}
            p={kind === 'NOTIFICATION' ? '3' : 0}
          >
            <WholeDates>{text}</WholeDates>
          </Text>
        )
      )}
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <Item label="Date">{formatDateTime(activity.date)}</Item>
        <Item label="Type">{activity.label || '—'}</Item>
        <Item label="Balance change">{formatMoney(activity.balanceChange, { sign: true })}</Item>
        {activity.contractId !== null && <Item label="Agreement">{activity.contractId}</Item>}
        {activity.topupAmount !== null && <Item label="Top-up amount">{formatMoney(activity.topupAmount)}</Item>}
        {activity.contingencyAmount !== null && (
          <Item label="Paid from contingency">{formatMoney(activity.contingencyAmount)}</Item>
        )}
        {activity.pouredIntoRainyDay !== null && activity.pouredIntoRainyDay !== '0.00' && (
          <Item label="Set aside, not needed: to rainy day">{formatMoney(activity.pouredIntoRainyDay)}</Item>
        )}
        {activity.transactionStatusName && (
          <Item label="Transaction status">
            <Badge colorPalette={statusPalette(activity.transactionStatusClass)}>
              {activity.isPending ? 'Pending confirmation' : displayLabel(activity.transactionStatusName)}
            </Badge>
          </Item>
        )}
        {isStaff && <Item label="Agent">{activity.agentName || '—'}</Item>}
        {isStaff && <Item label="Notes">{activity.notes || '—'}</Item>}
      </DataList.Root>
      {activity.transactionId !== null && (isMoney || kind === 'TEXT' || kind === 'HTML') && (
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={`${accountPath}/transactions/details/${activity.transactionId}`}>
            View the transaction
          </RouterLink>
        </Link>
      )}
    </Stack>
  );
}

function ChangesTable({ rows }: { rows: NonNullable<ReturnType<typeof modificationRows>> }) {
  if (rows.length === 0) return <Text color="fg.muted">No fields changed.</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root
        size="sm"
        css={{ '& td': { whiteSpace: 'normal', overflowWrap: 'break-word', verticalAlign: 'top' } }}
      >
        <caption style={{ textAlign: 'start', padding: '0.5rem 0.75rem', fontWeight: 600 }}>What changed</caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader scope="col">Field</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">Before</Table.ColumnHeader>
            <Table.ColumnHeader scope="col">After</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.field}>
              <Table.Cell fontWeight="medium">{row.label}</Table.Cell>
              <Table.Cell color="fg.muted">
                {row.before ?? (
                  <Text as="span" fontStyle="italic">
                    none
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {row.after ?? (
                  <Text as="span" fontStyle="italic">
                    none
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
