import { Button, Link, Menu, Portal, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MenuEntry } from './menu';

/** Header controls sit on the navy bar: white text and a white focus ring keep them visible. */
export const onBrand = { color: 'white', focusRingColor: 'white', _hover: { bg: 'whiteAlpha.200' } } as const;

export interface ExternalLink {
  label: string;
  href: string;
}

export function AgreementMenu({ entries }: { entries: MenuEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" {...onBrand}>
          Agreement <span aria-hidden="true">▾</span>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {entries.map((entry) => (
              <Menu.Item key={entry.label} value={entry.label} asChild>
                <RouterLink to={entry.to}>{entry.label}</RouterLink>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
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
