import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  initialSetupMessage,
  initialSetupStatus,
  MANUAL_PATHS,
  MESSAGES,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  UPLOADER_INFO_CSV,
} from '@pharmalytics/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isSessionExpiry } from '../../../api/index.ts';
import { appPath, routeTitle } from '../../../routes/paths.ts';
import {
  CSV_MIME_TYPE,
  enqueueSnackbar,
  ExternalLink,
  PageHeading,
  saveText,
} from '../../../components/index.ts';
import { useSignedInMember } from '../../session/index.ts';
import { canManage } from '../../../components/settings/index.ts';
import { fetchStores, storeKeys, type StoreListState } from '../index.ts';
import { fetchIncompleteSetupCount, storeDetailKeys } from '../api.ts';
import { uploaderInfoCsv } from './uploaderCsv.ts';

const PAGE_WIDTH = 960;

/** Initial setup: manuals, uploader credentials, the request form and contact (spec 01 §2). */
export function InitialSetupPage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const manager = canManage(member);
  const incomplete = useQuery({
    queryKey: storeDetailKeys.checkSetups,
    queryFn: fetchIncompleteSetupCount,
  });
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores });

  return (
    <Box component="section" aria-labelledby="initial-setup-heading" sx={{ maxWidth: PAGE_WIDTH }}>
      <PageHeading id="initial-setup-heading" title={routeTitle('InitialSetup')} />
      <Typography color="text.secondary" sx={{ mb: 2.5, lineHeight: 1.8 }}>
        {t('initialSetup.lead', { product: PRODUCT_NAME })}
      </Typography>
      {incomplete.data !== undefined && stores.data !== undefined && (
        <SetupStatus
          storeCount={stores.data.length}
          incomplete={incomplete.data}
          manager={manager}
        />
      )}

      <Box component="ol" sx={{ p: 0, m: 0, display: 'grid', gap: 3, listStyle: 'none' }}>
        <Step n={1} title={t('initialSetup.step1Title')} lead={t('initialSetup.step1Lead')}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            <Choice
              title={t('initialSetup.receiptFileTitle')}
              body={t('initialSetup.receiptFileBody')}
            >
              <ManualLink href={MANUAL_PATHS.receiptFile}>
                {t('initialSetup.receiptFileManual')}
              </ManualLink>
            </Choice>
            <Choice title={t('initialSetup.otherTitle')} body={t('initialSetup.otherBody')}>
              <ManualLink href={MANUAL_PATHS.preparation}>
                {t('initialSetup.preparationManual')}
              </ManualLink>
              <ManualLink href={MANUAL_PATHS.initialSetup}>
                {t('initialSetup.initialSetupManual')}
              </ManualLink>
              <Link
                href={MANUAL_PATHS.outputSettingRequest}
                download
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600 }}
              >
                <DescriptionOutlinedIcon fontSize="small" />
                {t('initialSetup.requestForm')}
              </Link>
            </Choice>
          </Box>
        </Step>
        <Step n={2} title={t('initialSetup.step2Title')} lead={t('initialSetup.step2Lead')}>
          {manager ? (
            <UploaderCsvDownload />
          ) : (
            <Alert severity="info">{t('initialSetup.csvAdminOnly')}</Alert>
          )}
        </Step>
        <Step n={3} title={t('initialSetup.step3Title')} lead={t('initialSetup.step3Lead')}>
          <Button
            variant="outlined"
            href={`mailto:${SUPPORT_EMAIL}`}
            startIcon={<MailOutlineIcon />}
            sx={{ textTransform: 'none' }}
          >
            {SUPPORT_EMAIL}
          </Button>
        </Step>
      </Box>
    </Box>
  );
}

/** Whether the setup is done, and what to do next when it is not. */
function SetupStatus({
  storeCount,
  incomplete,
  manager,
}: {
  storeCount: number;
  incomplete: number;
  manager: boolean;
}) {
  const { t } = useTranslation();
  const status = initialSetupStatus(storeCount, incomplete, manager);
  const message = initialSetupMessage(status);
  const actionSx = { fontWeight: 700, whiteSpace: 'nowrap', mr: 1 };
  const alertSx = { mb: 3, alignItems: 'center', '& .MuiAlert-action': { pt: 0 } };
  switch (status.kind) {
    case 'complete':
      return (
        <Alert severity="success" icon={<CheckCircleOutlineIcon />} sx={{ mb: 3 }}>
          {message}
        </Alert>
      );
    case 'incomplete':
      return (
        <Alert
          severity="error"
          sx={alertSx}
          action={
            <Link component={RouterLink} to={appPath('PharmacySetting')} sx={actionSx}>
              {t('initialSetup.toStores')}
            </Link>
          }
        >
          {message}
        </Alert>
      );
    case 'noStore': {
      const register: StoreListState = { register: true };
      return (
        <Alert
          severity="info"
          sx={alertSx}
          action={
            <Link
              component={RouterLink}
              to={appPath('PharmacySetting')}
              state={register}
              sx={actionSx}
            >
              {MESSAGES.setupRegisterStore}
            </Link>
          }
        >
          {message}
        </Alert>
      );
    }
    case 'noViewableStore':
      return (
        <Alert severity="info" sx={{ mb: 3 }}>
          {message}
        </Alert>
      );
  }
}

function Step({
  n,
  title,
  lead,
  children,
}: {
  n: number;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2.5, md: 3 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Box
          aria-hidden="true"
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            display: 'grid',
            placeItems: 'center',
            fontWeight: 800,
            flexShrink: 0,
          }}
        >
          {n}
        </Box>
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.0625rem' }}>
          {title}
        </Typography>
      </Box>
      <Box sx={{ pl: { md: 5.5 } }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, lineHeight: 1.8 }}>
          {lead}
        </Typography>
        {children}
      </Box>
    </Paper>
  );
}

function Choice({ title, body, children }: { title: string; body: string; children: ReactNode }) {
  return (
    <Box
      sx={{
        p: 2.5,
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'divider',
        bgcolor: '#f7faf9',
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Typography variant="h3" component="h3" sx={{ fontSize: 15 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5, lineHeight: 1.7 }}>
        {body}
      </Typography>
      {children}
    </Box>
  );
}

function ManualLink({ href, children }: { href: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <MenuBookOutlinedIcon fontSize="small" sx={{ color: 'primary.main' }} />
      <ExternalLink href={href} sx={{ fontWeight: 600 }}>
        {children}
      </ExternalLink>
    </Box>
  );
}

/** Builds the uploader CSV in the browser from the stores' credentials. */
function UploaderCsvDownload() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores });

  const download = async () => {
    setBusy(true);
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: storeKeys.all,
        queryFn: fetchStores,
        staleTime: 0,
      });
      saveText(uploaderInfoCsv(fresh), UPLOADER_INFO_CSV.fileName, CSV_MIME_TYPE);
    } catch (error) {
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.csvFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        startIcon={<DownloadOutlinedIcon />}
        loading={busy}
        onClick={() => void download()}
      >
        {t('initialSetup.csvDownload')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {stores.data
          ? t('initialSetup.csvStores', {
              count: stores.data.length,
              file: UPLOADER_INFO_CSV.fileName,
            })
          : UPLOADER_INFO_CSV.fileName}
      </Typography>
      <Alert severity="warning" sx={{ width: '100%' }}>
        {t('initialSetup.keyWarning')}
      </Alert>
    </Box>
  );
}
