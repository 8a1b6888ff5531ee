import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface AppFrameProps {
  header: ReactNode;
  /** Height of the sticky header, so the side navigation sticks below it. */
  headerHeight: number;
  nav?: ReactNode;
  navId?: string;
  navWidth?: number;
  children: ReactNode;
}

/** Header on top, a side navigation on the left and the page content. */
export function AppFrame({
  header,
  headerHeight,
  nav,
  navId,
  navWidth = 248,
  children,
}: AppFrameProps) {
  const { t } = useTranslation();
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
      {header}
      <Box sx={{ display: 'flex', flex: 1, alignItems: 'stretch' }}>
        {nav && (
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
