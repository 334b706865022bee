import { Button, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { parsePositiveId } from '../../shared/route-ids';
import { Page } from '../../shared/ui/Page';

/** `/members`: the staff landing page. The member search comes with a later issue; open a member by id for now. */
export function MembersPage() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = (event: FormEvent) => {
    event.preventDefault();
    const memberId = parsePositiveId(value.trim());
    if (memberId === null) {
      setError('Please enter a member id (digits only).');
      return;
    }
    navigate(`/selectaccount/${memberId}`);
  };

  return (
    <Page title="Members">
      <Text color="fg.muted">Member search is coming soon. Open a member's accounts by their member id.</Text>
      <form onSubmit={open} noValidate aria-label="Open a member">
        <HStack align="end" gap="3" wrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Field.Root invalid={error !== null} maxW={{ sm: 'xs' }}>
            <Field.Label>Member id</Field.Label>
            <Input
              value={value}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => {
                setValue(event.target.value);
                setError(null);
              }}
            />
            <Field.ErrorText role="alert">{error}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" width={{ base: 'full', sm: 'auto' }}>
            Open
          </Button>
        </HStack>
      </form>
    </Page>
  );
}
