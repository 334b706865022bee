import { Button, Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { onBrand } from './header-parts';
import type { MenuEntry } from './menu';

/** The header's Agreement menu itself: a lazy chunk (the menu and popper machinery), see AgreementMenu. */
export default function AgreementMenuPopup({ entries, defaultOpen }: { entries: MenuEntry[]; defaultOpen: boolean }) {
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" fontSize="md" fontWeight="normal" {...onBrand}>
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
