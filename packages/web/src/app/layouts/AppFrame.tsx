import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { MenuToggle } from '../../features/layout/index.ts';
import { useCompactLayout } from './useCompactLayout.ts';

const DRAWER_WIDTH = 280;

export interface AppFrameProps {
  /** The header, given the button that shows or hides the side menu (if there is one). */
  header: (menuToggle: MenuToggle | undefined) => ReactNode;
  /** Height of the sticky header, so the side navigation sticks below it. */
  headerHeight: number;
  nav?: ReactNode;
  navId?: string;
  navWidth?: number;
  /** On wide screens, the layout's own toggle (the main menu's rail); none keeps the menu open. */
  wideToggle?: MenuToggle;
  children: ReactNode;
}

/**
 * Header on top, a side navigation on the left and the page content. Below `md` the navigation is a
 * drawer opened by the header's menu button, closed by Escape, a click outside or going to a page.
 */
export function AppFrame({
  header,
  headerHeight,
  nav,
  navId = 'side-menu',
  navWidth = 248,
  wideToggle,
  children,
}: AppFrameProps) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const { pathname } = useLocation();
  // Open on the page where it was opened: following one of its links closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === pathname;
  const drawerId = `${navId}-drawer`;
  const menuToggle: MenuToggle | undefined = !nav
    ? undefined
    : compact
      ? {
          expanded: drawerOpen,
          onToggle: () => setDrawerOpenAt(drawerOpen ? null : pathname),
          controls: drawerId,
          label: t('header.openMenu'),
        }
      : wideToggle;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (theme) => theme.zIndex.tooltip,
          bgcolor: 'background.paper',
          px: 2,
          py: 1,
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 8 },
        }}
      >
        {t('common.mainContent')}
      </Link>
      {header(menuToggle)}
      <Box sx={{ display: 'flex', flex: 1, alignItems: 'stretch' }}>
        {nav && compact && (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpenAt(null)}
            slotProps={{
              paper: {
                id: drawerId,
                'aria-label': t('header.menuDrawer'),
                // Below the header, whose button closes it again.
                sx: {
                  width: DRAWER_WIDTH,
                  maxWidth: '85vw',
                  top: headerHeight,
                  bottom: 0,
                  height: 'auto',
                },
              },
            }}
          >
            {nav}
          </Drawer>
        )}
        {nav && !compact && (
          <Box
            id={navId}
            sx={{
              width: navWidth,
              flexShrink: 0,
              position: 'sticky',
              top: headerHeight,
              height: `calc(100vh - ${headerHeight}px)`,
              overflowY: 'auto',
              overflowX: 'hidden',
              bgcolor: 'background.paper',
              borderRight: '1px solid',
              borderColor: 'divider',
              transition: (theme) =>
                theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            }}
          >
            {/* Fixed inner width: the content does not reflow while the width animates. */}
            <Box sx={{ width: navWidth }}>{nav}</Box>
          </Box>
        )}
        <Box
          component="main"
          id="main-content"
          tabIndex={-1}
          sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}
