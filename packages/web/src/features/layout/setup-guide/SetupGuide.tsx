import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES, PRODUCT_NAME, type RouteName } from '@pharmalytics/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath } from '../../../routes/paths.ts';

export interface SetupGuideProps {
  /** Whether the member sets stores up (capability `administer`); else it is told to ask. */
  administers: boolean;
  hasStores: boolean;
  hasDevices: boolean;
}

interface Step {
  n: number;
  title: string;
  body: string;
  done: boolean;
  action?: { label: string; route: RouteName };
}

function StepCard({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{
        listStyle: 'none',
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderTop: '4px solid',
        borderTopColor: step.done ? 'primary.main' : 'grey.300',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography
          component="span"
          sx={{ fontSize: 12, fontWeight: 800, letterSpacing: '0.1em', color: 'primary.main' }}
        >
          {t('setupGuide.step', { n: step.n })}
        </Typography>
        {step.done ? (
          <Chip
            size="small"
            color="primary"
            icon={<CheckCircleIcon />}
            label={t('setupGuide.done')}
            sx={{ fontWeight: 700 }}
          />
        ) : (
          <Chip size="small" variant="outlined" label={t('setupGuide.notDone')} />
        )}
      </Box>
      <Typography variant="h3" component="h3">
        {step.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {step.body}
      </Typography>
      {step.action && (
        <Button
          component={RouterLink}
          to={appPath(step.action.route)}
          variant={step.done ? 'outlined' : 'contained'}
          sx={{ alignSelf: 'flex-start' }}
        >
          {step.action.label}
        </Button>
      )}
    </Paper>
  );
}

/** Shown in the main layout while the corporation has no store or no client device. */
export function SetupGuide({ administers, hasStores, hasDevices }: SetupGuideProps) {
  const { t } = useTranslation();

  if (!administers) {
    return (
      <Paper
        component="section"
        aria-labelledby="setup-guide-heading"
        variant="outlined"
        sx={{ p: { xs: 3, md: 5 }, maxWidth: 720, mx: 'auto', mt: 4, textAlign: 'center' }}
      >
        <InfoOutlinedIcon color="primary" sx={{ fontSize: 48, mb: 1 }} />
        <Typography id="setup-guide-heading" variant="h1" sx={{ mb: 2 }}>
          {t('setupGuide.userHeading')}
        </Typography>
        <Typography>{MESSAGES.setupGuideUserMessage}</Typography>
      </Paper>
    );
  }

  const steps: Step[] = [
    { n: 1, title: t('setupGuide.step1Title'), body: t('setupGuide.step1Body'), done: true },
    {
      n: 2,
      title: t('setupGuide.step2Title'),
      body: t('setupGuide.step2Body'),
      done: hasStores,
      action: { label: t('setupGuide.step2Action'), route: 'PharmacySetting' },
    },
    {
      n: 3,
      title: t('setupGuide.step3Title'),
      body: t('setupGuide.step3Body'),
      done: hasDevices,
      action: { label: t('setupGuide.step3Action'), route: 'InitialSetup' },
    },
    { n: 4, title: t('setupGuide.step4Title'), body: t('setupGuide.step4Body'), done: false },
  ];

  return (
    <Box
      component="section"
      aria-labelledby="setup-guide-heading"
      sx={{ maxWidth: 1100, mx: 'auto' }}
    >
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 3, md: 4 },
          mb: 3,
          background: 'linear-gradient(120deg, #e0f2f1 0%, #ffffff 60%, #fff3e0 100%)',
        }}
      >
        <Typography id="setup-guide-heading" variant="h1" sx={{ mb: 1 }}>
          {t('setupGuide.welcome', { product: PRODUCT_NAME })}
        </Typography>
        <Typography color="text.secondary">{t('setupGuide.lead')}</Typography>
      </Paper>
      <Box
        component="ol"
        sx={{
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {steps.map((step) => (
          <StepCard key={step.n} step={step} />
        ))}
      </Box>
    </Box>
  );
}
