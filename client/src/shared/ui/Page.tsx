import { Container, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from './usePageTitle';

interface PageProps {
  title: string;
  children?: ReactNode;
  /** Narrow pages (forms) read better on wide screens. */
  narrow?: boolean;
}

/** A page body: sets the document title and renders the one h1 of the page. */
export function Page({ title, children, narrow = false }: PageProps) {
  usePageTitle(title);
  return (
    <Container maxW={narrow ? 'md' : '5xl'} px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="5">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="brand.fg">
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}
