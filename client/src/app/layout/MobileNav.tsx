import { Box, Button } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { onBrand, type ExternalLink } from './header-parts';
import type { MenuEntry } from './menu';
import { MobileNavDrawer } from './MobileNavDrawer';

export interface MobileNavProps {
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
export function MobileNav(props: MobileNavProps) {
  const { entries, approvals = null, reports = [], links, displayName, onSupport } = props;
  const [open, setOpen] = useState(false);
  // Mounted on the first press and kept (closing animates, the next opening is at once).
  const [built, setBuilt] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (entries.length === 0 && !approvals && reports.length === 0 && links.length === 0 && !displayName && !onSupport)
    return null;

  return (
    <Box hideFrom="md">
      <Button
        ref={button}
        variant="outline"
        size="sm"
        borderColor="whiteAlpha.700"
        {...onBrand}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setBuilt(true);
          setOpen(true);
        }}
      >
        <span aria-hidden="true">☰</span> Menu
      </Button>
      {/* Built on the first press (issue 23 item 1): every page's first render on a phone built the closed drawer's
          dialog machine, portal and menus. */}
      {built && <MobileNavDrawer {...props} open={open} onOpenChange={setOpen} finalFocus={() => button.current} />}
    </Box>
  );
}
