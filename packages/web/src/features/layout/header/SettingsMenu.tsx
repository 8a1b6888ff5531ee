import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Member } from '../../../api/index.ts';
import { standingOf } from '@pharmalytics/domain';
import { appPath } from '../../../routes/paths.ts';
import { settingMenuItems } from '../menus/settingMenuItems.ts';
import { SettingMenuIcon } from '../menus/menuIcons.tsx';

/** The header's settings menu: the items of the settings side menu (spec 01 §2). */
export function SettingsMenu({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('header.settings')}>
        <IconButton
          id={buttonId}
          color="inherit"
          aria-label={t('header.settingsMenu')}
          aria-haspopup="menu"
          aria-controls={open ? menuId : undefined}
          aria-expanded={open}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <SettingsOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { minWidth: 220, mt: 0.5 } },
        }}
      >
        {settingMenuItems(standingOf(member)).map((item) => (
          <MenuItem
            key={item.route}
            component={RouterLink}
            to={appPath(item.route)}
            onClick={close}
          >
            <ListItemIcon>
              <SettingMenuIcon route={item.route} fontSize="small" />
            </ListItemIcon>
            <ListItemText>{item.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
