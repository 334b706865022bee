import { Button, Link, VisuallyHidden } from '@chakra-ui/react';
import { Suspense, lazy, useState } from 'react';
import type { MenuEntry } from './menu';

/** Header controls sit on the navy bar: white text and a white focus ring keep them visible. */
export const onBrand = { color: 'white', focusRingColor: 'white', _hover: { bg: 'whiteAlpha.200' } } as const;

export interface ExternalLink {
  label: string;
  href: string;
}

const loadPopup = () => import('./AgreementMenuPopup');
const AgreementMenuPopup = lazy(loadPopup);

/**
 * The Agreement menu's button; the menu (its machinery is a lazy chunk, off the first load) loads when the pointer
 * or the focus reaches the button, and opens on the first press.
 */
export function AgreementMenu({ entries }: { entries: MenuEntry[] }) {
  const [wanted, setWanted] = useState<'no' | 'closed' | 'open'>('no');
  if (entries.length === 0) return null;
  const placeholder = (
    <Button
      variant="ghost"
      size="sm"
      fontSize="md"
      fontWeight="normal"
      {...onBrand}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setWanted('open')}
    >
      Agreement <span aria-hidden="true">▾</span>
    </Button>
  );
  if (wanted === 'no') return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <AgreementMenuPopup entries={entries} defaultOpen={wanted === 'open'} />
    </Suspense>
  );
}

export function ExternalLinks({ links, newTab }: { links: ExternalLink[]; newTab: boolean }) {
  return links.map((link) => (
    <Link
      key={link.label}
      href={link.href}
      target={newTab ? '_blank' : undefined}
      rel="noopener noreferrer"
      px="2"
      py="1"
      borderRadius="sm"
      {...onBrand}
    >
      {link.label}
      {newTab && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
    </Link>
  ));
}
