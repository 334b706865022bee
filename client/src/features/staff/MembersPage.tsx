import { Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { Page } from '../../shared/ui/Page';
import { MemberSearch } from './MemberSearch';

/** `/members` (spec 1 §2 member.list): the staff landing page, the member search. */
export function MembersPage() {
  return (
    <Page title="Members">
      <Text color="fg.muted">Find a member by name, member number or email, or by an account number.</Text>
      <MemberSearch />
      <Text>
        <Link asChild color="brand.fg">
          <RouterLink to="/atrisk">Agreements at risk</RouterLink>
        </Link>{' '}
        — active agreements whose forecast goes short in the coming weeks.
      </Text>
      <Text>
        <Link asChild color="brand.fg">
          <RouterLink to="/misseddeposits">Missed deposits report</RouterLink>
        </Link>{' '}
        — agreements in arrears by branch, with CSV and PDF exports.
      </Text>
    </Page>
  );
}
