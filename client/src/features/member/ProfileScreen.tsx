import { Badge, DataList, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { isReadOnly } from '../../auth/session-rules';
import { useSession } from '../../auth/useSession';
import { useProfileQuery } from '../../gql/hooks';
import { formatMoney } from '../../shared/money';
import { Loading } from '../../shared/ui/Loading';
import { Page } from '../../shared/ui/Page';
import { NO_DATA, NoData, Section } from '../../shared/ui/Section';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { ProfilePreferencesForm } from '../wizard/preferences/ProfilePreferencesForm';
import { useMemberContext } from './member-context';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** `member/profile` (spec 1 §2): the member's details, the account's members, linked accounts and preferences. */
export function ProfileScreen() {
  const { memberId, accountId } = useMemberContext();
  const { data, loading, error, refetch } = useProfileQuery({ variables: { memberId, accountId } });
  const session = useSession();
  const profile = data?.profile;

  return (
    <Page title="Profile & preferences">
      {loading && <Loading label="Loading the profile…" />}
      {error && <LoadFailed what="the profile" error={error} onRetry={() => void refetch()} />}
      {profile && (
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5" alignItems="start">
            <Section title="Member" id="profile-member">
              <DataList.Root orientation="horizontal" gap="3">
                <Item label="Name">
                  {profile.member.firstName} {profile.member.lastName}
                </Item>
                <Item label="Member number">{profile.member.memberNumber}</Item>
                <Item label="Email">{profile.member.email || '—'}</Item>
                <Item label="Mobile">{profile.member.mobilePhone || '—'}</Item>
              </DataList.Root>
            </Section>
            <Section title="Notification preferences" id="profile-preferences">
              {profile.notificationPreferences ? (
                <ProfilePreferencesForm
                  memberId={memberId}
                  accountId={accountId}
                  preferences={profile.notificationPreferences}
                  readOnly={session !== null && isReadOnly(session.roles)}
                />
              ) : (
                <NoData>No preferences set.</NoData>
              )}
            </Section>
          </SimpleGrid>
          <Section title="Account members" id="profile-members">
            {profile.members.length === 0 ? (
              <NoData />
            ) : (
              <Stack as="ul" listStyleType="none" gap="2">
                {profile.members.map((member) => (
                  <Text as="li" key={member.memberId}>
                    {member.firstName} {member.lastName} · Member {member.memberNumber}
                    {!member.isActive && (
                      <Badge ms="2" colorPalette="gray">
                        Inactive
                      </Badge>
                    )}
                  </Text>
                ))}
              </Stack>
            )}
          </Section>
          <Section title="Linked accounts" id="profile-linked">
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm">
                <Table.Header>
                  <Table.Row bg="gray.50">
                    <Table.ColumnHeader scope="col">Account</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col">Nickname</Table.ColumnHeader>
                    <Table.ColumnHeader scope="col" textAlign="end">
                      Available
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {profile.linkedAccounts.length === 0 && (
                    <Table.Row>
                      <Table.Cell colSpan={3} color="fg.muted">
                        {NO_DATA}
                      </Table.Cell>
                    </Table.Row>
                  )}
                  {profile.linkedAccounts.map((linked) => (
                    <Table.Row key={linked.linkedAccountId}>
                      <Table.Cell>{linked.accountNumber}</Table.Cell>
                      <Table.Cell>{linked.accountNickname}</Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatMoney(linked.availableBalance)}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </Section>
        </Stack>
      )}
    </Page>
  );
}
