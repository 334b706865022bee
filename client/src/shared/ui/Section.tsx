import { Box, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { useNarrowScreen } from '../device';

interface SectionProps {
  title: string;
  /** Buttons beside the heading (Expand all, View all...). */
  actions?: ReactNode;
  children: ReactNode;
  /** A test and styling hook. */
  id?: string;
  /**
   * A long section the reader may fold (issue 8 item 7): its heading is a button (aria-expanded) that shows and
   * hides the body. Folded at first on a phone, open on larger screens.
   */
  foldable?: boolean;
  /** Shown beside a folded section's heading, so the reader knows what is inside (e.g. "12 billers"). */
  foldedHint?: string;
}

/** A titled region of a page: an h2 that names a landmark for screen readers. */
export function Section({ title, actions, children, id, foldable = false, foldedHint }: SectionProps) {
  const headingId = useId();
  const bodyId = useId();
  const narrow = useNarrowScreen();
  const [open, setOpen] = useState(!(foldable && narrow));
  // A folded body is built when first opened, then kept (with its state): a phone's first render of the overview
  // skips the folded sections' hundreds of elements and their styles (issue 23 item 1).
  const [built, setBuilt] = useState(open);
  const shown = !foldable || open;
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      borderWidth="1px"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
      bg="white"
      minW="0"
      data-section={id}
      data-folded={shown ? undefined : true}
    >
      <Stack gap="4">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" id={headingId} size="lg" color="brand.fg">
            {foldable ? (
              <chakra.button
                type="button"
                aria-expanded={shown}
                aria-controls={bodyId}
                onClick={() => {
                  setOpen(!open);
                  setBuilt(true);
                }}
                display="inline-flex"
                alignItems="center"
                gap="2"
                minH="11"
                cursor="pointer"
                textAlign="start"
                borderRadius="sm"
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' }}
              >
                <chakra.span aria-hidden="true" display="inline-block" w="4" fontSize="md">
                  {shown ? '▾' : '▸'}
                </chakra.span>
                {title}
              </chakra.button>
            ) : (
              title
            )}
          </Heading>
          {shown ? actions : foldedHint && <Text color="fg.muted">{foldedHint}</Text>}
        </Flex>
        {foldable ? (
          <Box id={bodyId} hidden={!shown} display={shown ? undefined : 'none'}>
            {built && <Stack gap="4">{children}</Stack>}
          </Box>
        ) : (
          children
        )}
      </Stack>
    </Box>
  );
}

/** Spec 1 §8: the wording for an empty list. */
export const NO_DATA = 'No data available';

export function NoData({ children = NO_DATA }: { children?: ReactNode }) {
  return (
    <Text color="fg.muted" py="2">
      {children}
    </Text>
  );
}
