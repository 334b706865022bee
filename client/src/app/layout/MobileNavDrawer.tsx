import { Button, CloseButton, Drawer, Link, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { MobileNavProps } from './MobileNav';

interface MobileNavDrawerProps extends MobileNavProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the drawer closes: the Menu button. */
  finalFocus: () => HTMLElement | null;
}

/** The phone's menu drawer (MobileNav), built when the Menu button is first pressed. */
export function MobileNavDrawer({
  entries,
  approvals = null,
  reports = [],
  links,
  newTab,
  displayName,
  onLogout,
  onSupport,
  open,
  onOpenChange,
  finalFocus,
}: MobileNavDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="end"
      size="xs"
      finalFocusEl={finalFocus}
    >
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
  );
}
