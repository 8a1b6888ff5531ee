import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LockIcon from '@mui/icons-material/Lock';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PlanCode, RoleName, RouteName } from '@pharmalytics/domain';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath } from '../../../routes/paths.ts';
import { mainMenuModel, type MainMenuGroupState, type MainMenuItemState } from './mainMenu.ts';
import { DashboardIcon, GroupIcon } from './menuIcons.tsx';
import { MENU_ITEM_SX } from './menuItemSx.ts';

export interface MainMenuProps {
  expanded: boolean;
  plan: PlanCode;
  role: RoleName;
  current: RouteName | undefined;
}

function LockMark() {
  const { t } = useTranslation();
  return (
    <LockIcon sx={{ fontSize: 16, color: 'text.secondary' }} titleAccess={t('sideMenu.locked')} />
  );
}

/** A list item holding one menu entry: a list may only contain items. */
function MenuSlot({ children }: { children: ReactNode }) {
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {children}
    </ListItem>
  );
}

function MenuLink({ item, icon }: { item: MainMenuItemState; icon?: ReactNode }) {
  const text = (
    <ListItemText
      primary={item.label}
      slotProps={{ primary: { sx: { fontSize: 14, fontWeight: item.active ? 700 : 500 } } }}
    />
  );
  const iconSlot = icon ? <ListItemIcon sx={{ minWidth: 36 }}>{icon}</ListItemIcon> : null;
  const inset = { pl: item.indent ? 6.5 : icon ? 2 : 4.5 };
  if (item.locked) {
    return (
      <MenuSlot>
        <ListItemButton disabled sx={{ ...MENU_ITEM_SX, ...inset }}>
          {iconSlot}
          {text}
          <LockMark />
        </ListItemButton>
      </MenuSlot>
    );
  }
  return (
    <MenuSlot>
      <ListItemButton
        component={RouterLink}
        to={appPath(item.route)}
        selected={item.active}
        aria-current={item.active ? 'page' : undefined}
        sx={{ ...MENU_ITEM_SX, ...inset }}
      >
        {iconSlot}
        {text}
      </ListItemButton>
    </MenuSlot>
  );
}

function ExpandedGroup({ group }: { group: MainMenuGroupState }) {
  const headerId = useId();
  const contentId = useId();
  return (
    <Accordion
      defaultExpanded
      disableGutters
      elevation={0}
      square
      sx={{ bgcolor: 'transparent', '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        id={headerId}
        aria-controls={contentId}
        expandIcon={<ExpandMoreIcon fontSize="small" />}
        sx={{ minHeight: 44, px: 2, '& .MuiAccordionSummary-content': { my: 0.5 } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <GroupIcon
            group={group.id}
            fontSize="small"
            sx={{ color: group.active ? 'primary.main' : 'text.secondary' }}
          />
          <Typography
            component="span"
            sx={{
              fontSize: 13,
              fontWeight: 700,
              color: group.active ? 'primary.dark' : 'text.secondary',
            }}
          >
            {group.label}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails id={contentId} sx={{ p: 0, pb: 0.5 }}>
        <List dense disablePadding>
          {group.items.map((item) => (
            <MenuLink key={item.route} item={item} />
          ))}
        </List>
      </AccordionDetails>
    </Accordion>
  );
}

const railSx = { ...MENU_ITEM_SX, justifyContent: 'center', px: 0, py: 1.25, mx: 1 } as const;

function CollapsedGroup({ group }: { group: MainMenuGroupState }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  return (
    <MenuSlot>
      <Tooltip title={group.label} placement="right">
        <ListItemButton
          id={buttonId}
          aria-label={group.label}
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open}
          selected={group.active}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={railSx}
        >
          <GroupIcon group={group.id} />
        </ListItemButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'left' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { ml: 1, minWidth: 200 } },
        }}
      >
        <Typography
          variant="overline"
          role="presentation"
          sx={{ px: 2, color: 'text.secondary', fontWeight: 700 }}
        >
          {group.label}
        </Typography>
        {group.items.map((item) =>
          item.locked ? (
            <MenuItem key={item.route} disabled sx={{ gap: 1 }}>
              {item.label}
              <LockMark />
            </MenuItem>
          ) : (
            <MenuItem
              key={item.route}
              component={RouterLink}
              to={appPath(item.route)}
              selected={item.active}
              onClick={close}
            >
              {item.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </MenuSlot>
  );
}

function CollapsedTop({ item }: { item: MainMenuItemState }) {
  if (item.locked) {
    return (
      <MenuSlot>
        <Tooltip title={item.label} placement="right">
          <span>
            <ListItemButton
              disabled
              aria-label={item.label}
              sx={{ ...railSx, position: 'relative' }}
            >
              <DashboardIcon />
              <Box sx={{ position: 'absolute', right: 10, bottom: 6, display: 'flex' }}>
                <LockMark />
              </Box>
            </ListItemButton>
          </span>
        </Tooltip>
      </MenuSlot>
    );
  }
  return (
    <MenuSlot>
      <Tooltip title={item.label} placement="right">
        <ListItemButton
          component={RouterLink}
          to={appPath(item.route)}
          aria-label={item.label}
          aria-current={item.active ? 'page' : undefined}
          selected={item.active}
          sx={railSx}
        >
          <DashboardIcon />
        </ListItemButton>
      </Tooltip>
    </MenuSlot>
  );
}

/** The main side menu: dashboard, then the analysis groups and 施設基準 as accordions, all open. */
export function MainMenu({ expanded, plan, role, current }: MainMenuProps) {
  const { t } = useTranslation();
  const { top, groups } = mainMenuModel(plan, role, current);
  return (
    <Box component="nav" aria-label={t('sideMenu.label')} sx={{ py: 1 }}>
      {expanded ? (
        <>
          <List disablePadding>
            <MenuLink item={top} icon={<DashboardIcon fontSize="small" />} />
          </List>
          <Divider sx={{ my: 1 }} />
          {groups.map((group) => (
            <ExpandedGroup key={group.id} group={group} />
          ))}
        </>
      ) : (
        <>
          <List disablePadding>
            <CollapsedTop item={top} />
          </List>
          <Divider sx={{ my: 1 }} />
          <List disablePadding>
            {groups.map((group) => (
              <CollapsedGroup key={group.id} group={group} />
            ))}
          </List>
        </>
      )}
    </Box>
  );
}
