import { Container, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { titleSize, truncateText, TITLE_MAX_LENGTH, type TitleSize } from './title-size';
import { usePageTitle } from './usePageTitle';

interface PageProps {
  title: string;
  children?: ReactNode;
  /** Narrow pages (forms) read better on wide screens. */
  narrow?: boolean;
}

/** The heading's size for each title size class (spec 1 §9), on phones and from md up. */
const HEADING_SIZES = {
  large: { base: 'xl', md: '2xl' },
  medium: { base: 'lg', md: 'xl' },
  small: { base: 'md', md: 'lg' },
} as const satisfies Record<TitleSize, { base: string; md: string }>;

/**
 * A page body: sets the document title and renders the one h1 of the page, sized by the title's length and cut
 * with an ellipsis when very long (the whole title in the tab and the tooltip).
 */
export function Page({ title, children, narrow = false }: PageProps) {
  usePageTitle(title);
  const shown = truncateText(title, TITLE_MAX_LENGTH);
  return (
    <Container maxW={narrow ? 'md' : '5xl'} px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Stack gap="5">
        <Heading
          as="h1"
          size={HEADING_SIZES[titleSize(title)]}
          color="brand.fg"
          data-title-size={titleSize(title)}
          title={shown === title ? undefined : title}
        >
          {shown}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}
