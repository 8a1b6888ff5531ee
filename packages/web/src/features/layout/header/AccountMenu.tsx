import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { roleByName } from '@pharmalytics/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Member } from '../../../api/index.ts';
import { appPath, routeTitle } from '../../../routes/paths.ts';
import { logout } from '../../session/index.ts';

/** Display name, role, profile, personal settings and logout (spec 01 §2). */
export function AccountMenu({ member }: { member: Member }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);
  const close = () => setAnchor(null);
  const roleName = roleByName(member.systemRole.name)?.publicName ?? member.systemRole.publicName;

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-label={t('header.accountMenu', { name: member.publicName })}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<AccountCircleIcon sx={{ fontSize: '28px !important' }} />}
        sx={{ fontWeight: 500, px: 1, minWidth: 0, maxWidth: 220 }}
      >
        <Box
          component="span"
          sx={{
            display: { xs: 'none', md: 'inline' },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {member.publicName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { minWidth: 240, mt: 0.5 } },
        }}
      >
        <Box sx={{ px: 2, pt: 1, pb: 1.5 }} role="presentation">
          <Typography sx={{ fontWeight: 700 }} noWrap>
            {member.publicName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ mb: 1 }}>
            {member.email}
          </Typography>
          <Chip size="small" label={roleName} color="primary" variant="outlined" />
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={appPath('Profile')} onClick={close}>
          <ListItemIcon>
            <PersonOutlineIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{routeTitle('Profile')}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to={appPath('PersonalSetting')} onClick={close}>
          <ListItemIcon>
            <TuneIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{routeTitle('PersonalSetting')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void logout(queryClient);
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('header.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
