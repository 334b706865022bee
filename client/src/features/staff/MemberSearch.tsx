import { Badge, Box, Button, Field, HStack, Input, RadioGroup, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { MemberSearchResultFieldsFragment } from '../../gql/graphql';
import { useMembersByAccountNumberQuery, useSearchMembersQuery } from '../../gql/hooks';
import { SERVER_ERROR } from '../../shared/messages';
import { serverMessage, hasErrorCode } from '../../shared/errors';
import { Loading } from '../../shared/ui/Loading';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { accountDestination, visibleAccounts } from '../accounts/select-account';
import {
  SEARCH_MESSAGES,
  SEARCH_RESULT_CAP,
  searchRequest,
  type SearchMode,
  type SearchRequest,
} from './member-search';

const MODES: { value: SearchMode; label: string; field: string }[] = [
  { value: 'text', label: 'Name, member number or email', field: 'Search for a member' },
  { value: 'account', label: 'Account number', field: 'Account number' },
];

interface MemberSearchProps {
  /** Called when a result is opened (the header's modal closes itself). */
  onOpen?: () => void;
}

/** The staff member search (spec 1 §5): by text from 3 characters, or by account number (digits only). */
export function MemberSearch({ onOpen }: MemberSearchProps) {
  const [mode, setMode] = useState<SearchMode>('text');
  const [value, setValue] = useState('');
  const [request, setRequest] = useState<SearchRequest | null>(null);
  const hintId = useId();

  const byText = useSearchMembersQuery(
    request?.kind === 'text'
      ? {
          variables: { searchString: request.searchString, resultCount: SEARCH_RESULT_CAP },
          fetchPolicy: 'network-only',
        }
      : skipToken,
  );
  const byAccount = useMembersByAccountNumberQuery(
    request?.kind === 'account'
      ? {
          variables: { accountNumber: request.accountNumber, maxResults: SEARCH_RESULT_CAP },
          fetchPolicy: 'network-only',
        }
      : skipToken,
  );
  const active = request?.kind === 'account' ? byAccount : byText;
  const results = request?.kind === 'account' ? byAccount.data?.membersByAccountNumber : byText.data?.searchMembers;
  const problem = request?.kind === 'hint' || request?.kind === 'invalid' ? request.message : null;
  const searching = (request?.kind === 'text' || request?.kind === 'account') && active.loading;
  const failure =
    (request?.kind === 'text' || request?.kind === 'account') && active.error
      ? hasErrorCode(active.error, 'BAD_USER_INPUT')
        ? serverMessage(active.error, SEARCH_MESSAGES.notANumber)
        : SERVER_ERROR
      : null;
  const field = MODES.find((item) => item.value === mode) ?? MODES[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRequest(searchRequest(mode, value));
  };

  return (
    <Stack gap="4">
      <form onSubmit={submit} noValidate role="search" aria-label="Member search">
        <Stack gap="3">
          <RadioGroup.Root
            value={mode}
            onValueChange={(details) => {
              setMode(details.value === 'account' ? 'account' : 'text');
              setRequest(null);
            }}
            aria-label="Search by"
          >
            <HStack gap="4" wrap="wrap">
              <Text as="span" fontSize="sm" fontWeight="medium">
                Search by
              </Text>
              {MODES.map((item) => (
                <RadioGroup.Item key={item.value} value={item.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{item.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          <HStack align="end" gap="3" wrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Field.Root invalid={request?.kind === 'invalid'}>
              <Field.Label>{field.field}</Field.Label>
              <Input
                value={value}
                inputMode={mode === 'account' ? 'numeric' : 'search'}
                autoComplete="off"
                aria-describedby={hintId}
                onChange={(event) => setValue(event.target.value)}
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand" width={{ base: 'full', sm: 'auto' }} loading={searching}>
              Search
            </Button>
          </HStack>
          <Text id={hintId} fontSize="sm" color="fg.muted">
            {mode === 'text'
              ? `At least 3 characters. Shows up to ${SEARCH_RESULT_CAP} members.`
              : 'Digits only, as on the member’s statement.'}
          </Text>
        </Stack>
      </form>
      <Box aria-live="polite">
        {problem && <StatusAlert status={request?.kind === 'invalid' ? 'error' : 'info'}>{problem}</StatusAlert>}
        {failure && <StatusAlert status="error">{failure}</StatusAlert>}
        {searching && <Loading label="Searching…" />}
        {!searching && !failure && results && <SearchResults results={results} onOpen={onOpen} />}
      </Box>
    </Stack>
  );
}

function SearchResults({ results, onOpen }: { results: MemberSearchResultFieldsFragment[]; onOpen?: () => void }) {
  const shown = results.slice(0, SEARCH_RESULT_CAP);
  if (shown.length === 0) return <StatusAlert status="info">{SEARCH_MESSAGES.noResults}</StatusAlert>;
  return (
    <Stack gap="3">
      <Text role="status" fontWeight="medium">
        {shown.length === 1 ? '1 member found' : `${shown.length} members found`}
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Members found">
        {shown.map((member) => (
          <MemberResult key={member.memberId} member={member} onOpen={onOpen} />
        ))}
      </Stack>
    </Stack>
  );
}

function MemberResult({ member, onOpen }: { member: MemberSearchResultFieldsFragment; onOpen?: () => void }) {
  const name = `${member.firstName} ${member.lastName}`;
  const accounts = visibleAccounts(member.accounts);
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="2">
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Box>
            <Text fontWeight="semibold">{name}</Text>
            <Text fontSize="sm" color="fg.muted">
              Member {member.memberNumber}
              {member.email ? ` · ${member.email}` : ''}
              {member.mobilePhone ? ` · ${member.mobilePhone}` : ''}
            </Text>
          </Box>
          {!member.isActive && <Badge colorPalette="gray">Inactive</Badge>}
        </HStack>
        {accounts.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No accounts.
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label={`Accounts of ${name}`}>
            {accounts.map((account) => (
              <HStack as="li" key={account.accountId} justify="space-between" gap="2" wrap="wrap">
                <Text fontSize="sm">
                  {account.productName} · {account.accountNumber}{' '}
                  <Badge size="sm" colorPalette={account.statusName === 'Active' ? 'green' : 'gray'}>
                    {account.statusName}
                  </Badge>
                </Text>
                <Button asChild size="sm" variant="outline" colorPalette="brand">
                  <RouterLink to={accountDestination(member.memberId, account)} onClick={onOpen}>
                    Open{' '}
                    <VisuallyHidden>
                      account {account.accountNumber} of {name}
                    </VisuallyHidden>
                  </RouterLink>
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
        <Button asChild size="sm" variant="plain" colorPalette="brand" alignSelf="start" px="0">
          <RouterLink to={`/selectaccount/${member.memberId}`} onClick={onOpen}>
            All accounts <VisuallyHidden>of {name}</VisuallyHidden>
          </RouterLink>
        </Button>
      </Stack>
    </Box>
  );
}
