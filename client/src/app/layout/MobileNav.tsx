import { Box, Button, CloseButton, Drawer, Link, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { onBrand, type ExternalLink } from './header-parts';
import type { MenuEntry } from './menu';

interface MobileNavProps {
  entries: MenuEntry[];
  /** The managers' approval queue link (MANAGER, ADMIN). */
  approvals?: MenuEntry | null;
  /** The missed-deposit report and the at-risk worklist (staff). */
  reports?: readonly MenuEntry[];
  links: ExternalLink[];
  newTab: boolean;
  displayName: string | null;
  onLogout?: () => void;
  /** Opens the contact-support dialog. */
  onSupport?: () => void;
}

/** Below the md breakpoint (768px) the header's menus collapse into a drawer. */
export function MobileNav({
  entries,
  approvals = null,
  reports = [],
  links,
  newTab,
  displayName,
  onLogout,
  onSupport,
}: MobileNavProps) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  if (entries.length === 0 && !approvals && reports.length === 0 && links.length === 0 && !displayName && !onSupport)
    return null;

  return (
    <Box hideFrom="md">
      <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end" size="xs">
        <Drawer.Trigger asChild>
          <Button variant="outline" size="sm" borderColor="whiteAlpha.700" {...onBrand}>
            <span aria-hidden="true">☰</span> Menu
          </Button>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>Menu</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <Stack as="nav" aria-label="Main" gap="5">
                  {displayName && (
                    <Text color="fg.muted">
                      {onLogout && <VisuallyHidden>Signed in as </VisuallyHidden>}
                      {displayName}
                    </Text>
                  )}
                  {entries.length > 0 && (
                    <Stack gap="1">
                      <Text fontWeight="semibold">Agreement</Text>
                      {entries.map((entry) => (
                        <Link key={entry.label} asChild py="2" color="brand.fg">
                          <RouterLink to={entry.to} onClick={close}>
                            {entry.label}
                          </RouterLink>
                        </Link>
                      ))}
                    </Stack>
                  )}
                  {approvals && (
                    <Link asChild py="2" color="brand.fg">
                      <RouterLink to={approvals.to} onClick={close}>
                        {approvals.label}
                      </RouterLink>
                    </Link>
                  )}
                  {reports.map((entry) => (
                    <Link key={entry.to} asChild py="2" color="brand.fg">
                      <RouterLink to={entry.to} onClick={close}>
                        {entry.label}
                      </RouterLink>
                    </Link>
                  ))}
                  {links.length > 0 && (
                    <Stack gap="1">
                      {links.map((link) => (
                        <Link
                          key={link.label}
                          href={link.href}
                          target={newTab ? '_blank' : undefined}
                          rel="noopener noreferrer"
                          py="2"
                          color="brand.fg"
                        >
                          {link.label}
                          {newTab && <VisuallyHidden> (opens in a new tab)</VisuallyHidden>}
                        </Link>
                      ))}
                    </Stack>
                  )}
                  {onSupport && (
                    <Button
                      variant="plain"
                      color="brand.fg"
                      justifyContent="start"
                      px="0"
                      fontWeight="normal"
                      onClick={() => {
                        close();
                        onSupport();
                      }}
                    >
                      Support
                    </Button>
                  )}
                  {onLogout && (
                    <Button
                      variant="outline"
                      colorPalette="brand"
                      onClick={() => {
                        close();
                        onLogout();
                      }}
                    >
                      Log out
                    </Button>
                  )}
                </Stack>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
    </Box>
  );
}
