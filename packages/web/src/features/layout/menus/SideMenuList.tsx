import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { MENU_ITEM_SX } from './menuItemSx.ts';

export interface SideMenuEntry {
  key: string;
  label: string;
  to: string;
  icon: ReactNode;
  active?: boolean;
}

/** A static side menu (settings, profile): a heading and links, the active one highlighted. */
export function SideMenuList({
  label,
  heading,
  entries,
  footer,
}: {
  label: string;
  heading: string;
  entries: SideMenuEntry[];
  footer?: ReactNode;
}) {
  return (
    <Box component="nav" aria-label={label} sx={{ py: 1 }}>
      {footer}
      <List
        subheader={
          <ListSubheader
            disableSticky
            sx={{ bgcolor: 'transparent', fontWeight: 700, lineHeight: '40px' }}
          >
            {heading}
          </ListSubheader>
        }
      >
        {entries.map((entry) => (
          <ListItem key={entry.key} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              component={RouterLink}
              to={entry.to}
              selected={entry.active}
              aria-current={entry.active ? 'page' : undefined}
              sx={MENU_ITEM_SX}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{entry.icon}</ListItemIcon>
              <ListItemText
                primary={entry.label}
                slotProps={{
                  primary: { sx: { fontSize: 14, fontWeight: entry.active ? 700 : 500 } },
                }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
