import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import type { WorkItemFieldsFragment } from '../../gql/graphql';
import { useMarkWorkItemDoneMutation, useStaffWorklistQuery } from '../../gql/hooks';
import { formatDate } from '../../shared/dates';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NoData, Section } from '../../shared/ui/Section';
import { ContactMemberDialog } from '../notification/ContactMemberDialog';
import { maySendMessages } from '../notification/outbox-status';
import { openLine, rowsOf } from './worklist';
import { WorkItemCard } from './WorkItemCard';
import { WholeDates } from '../../shared/ui/WholeDates';

/**
 * `/worklist` (staff; issue 22 item 3): one list of what needs a person, most urgent first: in arrears, failed or
 * part-paid payments, reconciliation mismatches, going short, locked, approvals waiting, messages not sent, renewals
 * due. Each row says why and offers the action that fits; a row acted on is done (and listed after the open ones).
 */
export function WorklistPage() {
  const { data, loading, error, refetch } = useStaffWorklistQuery({ fetchPolicy: 'cache-and-network' });
  const session = useSession();
  const mayAct = maySendMessages(session?.roles ?? []);
  // The dashboard's count links open the list on their kind (`?kind=InArrears`).
  const [params] = useSearchParams();
  const [kind, setKind] = useState<string | null>(params.get('kind'));
  const [contact, setContact] = useState<{ item: WorkItemFieldsFragment; templateName: string | null } | null>(null);
  const [markDone] = useMarkWorkItemDoneMutation();
  const list = data?.staffWorklist;
  const rows = rowsOf(list?.items ?? [], kind);
  const open = rows.filter((row) => !row.done);
  const done = rows.filter((row) => row.done);

  const mark = async (item: WorkItemFieldsFragment) => {
    try {
      const result = (await markDone({ variables: { key: item.key, action: 'reviewed' } })).data?.markWorkItemDone;
      if (!result?.ok) return notify.alert(result?.errors[0]?.message ?? 'An error has occurred.');
      void refetch();
    } catch (caught) {
      notify.alert(serverMessage(caught));
    }
  };

  return (
    <Page title="Worklist">
      {loading && !list && <Loading label="Working out what needs you…" />}
      {error && !list && <LoadFailed what="the worklist" error={error} onRetry={() => void refetch()} />}
      {list && (
        <>
          <Text aria-live="polite">
            <WholeDates>{`${openLine(list.counts)} As of ${formatDate(list.asOf)}.`}</WholeDates>
          </Text>
          <Flex as="nav" aria-label="Show the rows of one kind" gap="2" wrap="wrap">
            <Button size="sm" minH="11" variant={kind === null ? 'solid' : 'outline'} onClick={() => setKind(null)}>
              All ({list.counts.reduce((sum, c) => sum + c.open, 0)})
            </Button>
            {list.counts
              .filter((count) => count.open > 0 || count.kind === kind)
              .map((count) => (
                <Button
                  key={count.kind}
                  size="sm"
                  minH="11"
                  variant={kind === count.kind ? 'solid' : 'outline'}
                  aria-pressed={kind === count.kind}
                  onClick={() => setKind(count.kind)}
                >
                  {count.label} ({count.open})
                </Button>
              ))}
          </Flex>
          <Section title="Needs a person" id="worklist-open">
            {open.length === 0 ? (
              <NoData>Nothing here needs you.</NoData>
            ) : (
              <Stack as="ul" gap="3" m="0" p="0" aria-label="Rows that need a person">
                {open.map((item) => (
                  <WorkItemCard
                    key={item.key}
                    item={item}
                    mayAct={mayAct}
                    onContact={(row, templateName) => setContact({ item: row, templateName })}
                    onMarkDone={(row) => void mark(row)}
                    onChanged={() => void refetch()}
                  />
                ))}
              </Stack>
            )}
          </Section>
          {done.length > 0 && (
            <Section title="Done" id="worklist-done">
              <Stack as="ul" gap="3" m="0" p="0" aria-label="Rows seen to">
                {done.map((item) => (
                  <WorkItemCard
                    key={item.key}
                    item={item}
                    mayAct={mayAct}
                    onContact={(row, templateName) => setContact({ item: row, templateName })}
                    onMarkDone={() => undefined}
                    onChanged={() => void refetch()}
                  />
                ))}
              </Stack>
            </Section>
          )}
        </>
      )}
      {contact && contact.item.accountId !== null && (
        <ContactMemberDialog
          accountId={contact.item.accountId}
          memberId={contact.item.memberId ?? undefined}
          contractId={contact.item.agreementId ?? undefined}
          templateName={contact.templateName}
          worklistKey={contact.item.key}
          onClose={() => setContact(null)}
          onSent={() => {
            setContact(null);
            void refetch();
          }}
        />
      )}
    </Page>
  );
}
