import { Link, Stack, Text } from '@chakra-ui/react';
import { useClientSettingsQuery } from '../../gql/hooks';
import { Page } from '../../shared/ui/Page';

/** `/help`: the help the institution's default help link points to, with the way to reach support. */
export function HelpPage() {
  const settings = useClientSettingsQuery().data?.clientSettings;
  const email = settings?.supportEmail ?? '';
  return (
    <Page title="Help" narrow>
      <Stack gap="3">
        <Text>
          {settings?.productName ?? 'Bill smoothing'} pays your bills from regular deposits, so that big bills do not
          arrive all at once. Your agreement summary shows your next deposit, the bills coming up and what has been
          paid.
        </Text>
        <Text>
          To pay a bill, open your account’s <strong>Agreement summary</strong> (choose the account after you log in)
          and choose <strong>Pay a bill</strong> under What’s next. To top up your rainy day balance, use{' '}
          <strong>Top up rainy day</strong> on the same page.
        </Text>
        <Text>
          Having trouble paying your deposits? Open your account’s <strong>Agreement summary</strong> and choose{' '}
          <strong>I’m having trouble paying</strong>: tell us what is going on, and ask for a break from deposits or a
          lower deposit for a while. You can also talk to a free financial counsellor at the National Debt Helpline on
          1800 007 007.
        </Text>
        {email && (
          <Text id="support">
            For anything else, choose <strong>Support</strong> in the menu or email{' '}
            <Link href={`mailto:${email}`} color="brand.fg" fontWeight="semibold">
              {email}
            </Link>
            .
          </Text>
        )}
      </Stack>
    </Page>
  );
}
