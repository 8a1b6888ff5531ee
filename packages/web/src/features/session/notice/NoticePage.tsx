import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PolicyOutlinedIcon from '@mui/icons-material/PolicyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES, PRIVACY_POLICY_URL, PRODUCT_NAME, route, TERMS_URL } from '@pharmalytics/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homePath } from '../../../routes/paths.ts';
import { enqueueSnackbar } from '../../../components/index.ts';
import { agreeToTerms } from '../../members/index.ts';
import { logout, setMember } from '../index.ts';

function DocumentLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outlined"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={icon}
      aria-label={`${label}${t('common.opensInNewTab')}`}
      sx={{ flex: 1, justifyContent: 'flex-start', py: 1.25 }}
    >
      {label}
    </Button>
  );
}

export function NoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const agree = useMutation({
    mutationFn: agreeToTerms,
    onSuccess: async (member) => {
      setMember(member);
      await navigate(homePath(member.corporation.plan.code), { replace: true });
    },
    onError: () => enqueueSnackbar(MESSAGES.unexpectedNotice),
  });

  return (
    <Box component="section" aria-labelledby="notice-heading">
      <Typography id="notice-heading" variant="h1" sx={{ textAlign: 'center', mb: 3 }}>
        {route('Notice').title}
      </Typography>
      <Stack spacing={1.5} sx={{ mb: 3 }}>
        <Typography>{t('notice.body1', { product: PRODUCT_NAME })}</Typography>
        <Typography>{t('notice.body2')}</Typography>
        <Typography color="text.secondary" variant="body2">
          {t('notice.body3')}
        </Typography>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3 }}>
        <DocumentLink href={TERMS_URL} icon={<ArticleOutlinedIcon />} label={t('notice.terms')} />
        <DocumentLink
          href={PRIVACY_POLICY_URL}
          icon={<PolicyOutlinedIcon />}
          label={t('notice.privacyPolicy')}
        />
      </Stack>
      <Button
        variant="contained"
        size="large"
        fullWidth
        loading={agree.isPending}
        onClick={() => agree.mutate()}
      >
        {t('notice.agree')}
      </Button>
      <Divider sx={{ my: 2.5 }} />
      <Box sx={{ textAlign: 'center' }}>
        <Button variant="text" color="inherit" onClick={() => void logout(queryClient)}>
          {t('notice.logout')}
        </Button>
      </Box>
    </Box>
  );
}
