import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { HELP_URL, planByCode, PRODUCT_NAME, roleByName } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Member } from '../../../api/index.ts';
import { homePath } from '../../../routes/paths.ts';
import { Logo, visuallyHidden } from '../../../components/index.ts';
import { memberCan } from '@pharmalytics/domain';
import { AccountMenu } from './AccountMenu.tsx';
import { CorporationSwitchForm } from './CorporationSwitchForm.tsx';
import { DevApiSwitch } from './DevApiSwitch.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';

const MAIN_ROW = 64;
const TOOLS_ROW = 48;

/** Height of the sticky header: who may switch corporations has a second row with its tools. */
export function headerHeight(member: Member): number {
  return memberCan(member, 'switchCorporation') ? MAIN_ROW + TOOLS_ROW : MAIN_ROW;
}

/** The header's button that shows or hides the side menu. */
export interface MenuToggle {
  expanded: boolean;
  onToggle: () => void;
  /** The id of the menu it shows or hides. */
  controls: string;
  label: string;
}

export interface AppHeaderProps {
  member: Member;
  menuToggle?: MenuToggle;
}

function SystemAdminToolbar({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <Toolbar
      variant="dense"
      role="group"
      aria-label={t('header.systemAdminTools')}
      sx={{
        minHeight: `${TOOLS_ROW}px !important`,
        gap: 3,
        px: { xs: 1.5, sm: 2 },
        overflowX: 'auto',
        bgcolor: '#1b2429',
        borderTop: '1px solid rgba(255,255,255,0.08)',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, opacity: 0.85 }}>
        <AdminPanelSettingsOutlinedIcon fontSize="small" sx={{ color: 'secondary.light' }} />
        <Typography component="span" sx={{ fontSize: 13, fontWeight: 700, whiteSpace: 'nowrap' }}>
          {t('header.systemAdminTools')}
        </Typography>
      </Box>
      <CorporationSwitchForm memberId={member.id} />
      <DevApiSwitch />
    </Toolbar>
  );
}

/** The signed-in header (spec 01 §2); system_admin gets a dark bar and a row of tools. */
export function AppHeader({ member, menuToggle }: AppHeaderProps) {
  const { t } = useTranslation();
  const systemAdmin = member.systemRole.name === 'system_admin';
  const planName = planByCode(member.corporation.plan.code)?.name ?? member.corporation.plan.name;

  return (
    <AppBar
      position="sticky"
      color="inherit"
      data-variant={systemAdmin ? 'system-admin' : 'standard'}
      sx={{
        height: headerHeight(member),
        zIndex: (theme) => theme.zIndex.drawer + 1,
        ...(systemAdmin
          ? {
              bgcolor: '#263238',
              color: 'common.white',
              borderBottom: '3px solid',
              borderColor: 'secondary.main',
            }
          : { bgcolor: 'background.paper', borderBottom: '1px solid', borderColor: 'divider' }),
      }}
    >
      <Toolbar
        sx={{
          gap: 1.5,
          minHeight: `${MAIN_ROW - (systemAdmin ? 3 : 1)}px !important`,
          px: { xs: 1.5, sm: 2 },
        }}
      >
        {menuToggle && (
          <Tooltip title={menuToggle.expanded ? t('header.closeMenu') : t('header.openMenu')}>
            <IconButton
              color="inherit"
              edge="start"
              aria-label={menuToggle.label}
              aria-expanded={menuToggle.expanded}
              aria-controls={menuToggle.controls}
              onClick={menuToggle.onToggle}
            >
              {menuToggle.expanded ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          </Tooltip>
        )}
        <Link
          component={RouterLink}
          to={homePath(member.corporation.plan.code)}
          aria-label={t('brand.homeLink', { product: PRODUCT_NAME })}
          underline="none"
          sx={{ display: 'inline-flex', flexShrink: 0, borderRadius: 1 }}
        >
          <Logo tone={systemAdmin ? 'dark' : 'light'} size="small" markOnlyOnPhones />
        </Link>
        {systemAdmin && (
          <Chip
            label={roleByName('system_admin')?.publicName}
            color="secondary"
            size="small"
            sx={{ fontWeight: 700, flexShrink: 0 }}
          />
        )}
        <Divider
          orientation="vertical"
          flexItem
          sx={{ mx: 0.5, my: 2, borderColor: systemAdmin ? 'rgba(255,255,255,0.25)' : 'divider' }}
        />
        <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <Typography
            component="p"
            noWrap
            sx={{ fontWeight: 700, fontSize: 15, minWidth: 0 }}
            title={member.corporation.name}
          >
            <Box component="span" sx={visuallyHidden}>
              {t('header.corporation')}:
            </Box>
            {member.corporation.name}
          </Typography>
          {systemAdmin && (
            <Typography
              component="span"
              sx={{
                fontSize: 13,
                whiteSpace: 'nowrap',
                opacity: 0.8,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {t('header.corporationId', { code: member.corporation.corporationCode })}
            </Typography>
          )}
          <Chip
            size="small"
            variant={systemAdmin ? 'filled' : 'outlined'}
            color="primary"
            label={planName}
            aria-label={`${t('header.plan')}: ${planName}`}
            sx={{ fontWeight: 600, flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
          />
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button
          color="inherit"
          href={HELP_URL}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<HelpOutlineOutlinedIcon />}
          aria-label={`${t('header.help')}${t('common.opensInNewTab')}`}
          sx={{
            fontWeight: 600,
            flexShrink: 0,
            minWidth: 0,
            // An icon alone on phones; its name stays for assistive technology.
            '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
          }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('header.help')}
          </Box>
        </Button>
        <SettingsMenu member={member} />
        <AccountMenu member={member} />
      </Toolbar>
      {memberCan(member, 'switchCorporation') && <SystemAdminToolbar member={member} />}
    </AppBar>
  );
}
