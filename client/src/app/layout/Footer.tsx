import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useClientSettingsQuery } from '../../gql/hooks';
import { PRODUCT_FALLBACK_NAME } from '../../shared/ui/usePageTitle';

/** The app version shown in the footer (spec 1 §1). */
export const APP_VERSION = '1.0.0.0.0';

/** Spec 1 §9 and 3 §9: the footer's 'Powered by {product} © {year}'. */
export function poweredBy(productName: string, year: number): string {
  return `Powered by ${productName} © ${year}`;
}

/**
 * The app footer: 'Powered by {product} © {year}' with the product's slogan, the support link and the version, all
 * from client settings (spec 1 §1: product name and slogan, support and help links).
 */
export function Footer() {
  const { data } = useClientSettingsQuery();
  const settings = data?.clientSettings;
  const product = settings?.productName || PRODUCT_FALLBACK_NAME;
  const supportUrl = settings?.supportUrl ?? '';
  return (
    <Box as="footer" borderTopWidth="1px" bg="gray.50" color="fg.muted" fontSize="sm">
      {/* On a phone the two parts are stacked from the start: side by side, the Support link (from the settings) made
          the second part wrap onto its own line once it appeared. */}
      <Flex
        maxW="6xl"
        mx="auto"
        px={{ base: '4', md: '6' }}
        py="4"
        gap="2"
        justify="space-between"
        direction={{ base: 'column', sm: 'row' }}
        wrap="wrap"
      >
        <Box>
          <Text data-testid="powered-by">{poweredBy(product, new Date().getFullYear())}</Text>
          {/* Its line is kept while the settings load (a no-break space): appearing later, it moved the footer up,
              the login page's only layout shift (issue 23 item 1). */}
          {(!settings || settings.productSlogan) && (
            <Text fontStyle="italic">{settings?.productSlogan || '\u00a0'}</Text>
          )}
        </Box>
        <Flex gap="4" align="start" wrap="wrap">
          <Text>Version {APP_VERSION}</Text>
          {supportUrl && (
            <Link asChild color="brand.fg" textDecoration="underline">
              {supportUrl.startsWith('/') ? (
                <RouterLink to={supportUrl}>Support</RouterLink>
              ) : (
                <a href={supportUrl} target="_blank" rel="noreferrer">
                  Support
                </a>
              )}
            </Link>
          )}
        </Flex>
      </Flex>
    </Box>
  );
}
