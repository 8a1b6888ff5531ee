import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  PLAN_PRICE_PLACEHOLDERS,
  PLANS,
  type Plan,
  type PlanCode,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isSessionExpiry } from '../../api/index.ts';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { enqueueSnackbar, PageHeading, PageLoader } from '../../components/index.ts';
import { setMember, useSignedInMember } from '../session/index.ts';
import { reportFailure } from '../../components/settings/index.ts';
import { fetchMember, memberKeys } from '../members/index.ts';
import { changeServicePlan, fetchServicePlan, planKeys } from './planApi.ts';
import { planFeatures } from './planFeatures.ts';

/** Plan change of the current corporation, for system_admin (spec 01 §2, §4). */
export function PlanChangePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useSignedInMember();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: planKeys.current, queryFn: fetchServicePlan, staleTime: 0 });
  const [choice, setChoice] = useState<PlanCode | null>(null);
  const selected = choice ?? current.data ?? null;

  // Without a current plan there is nothing to change: back to the corporation page.
  const failed = current.isError;
  const failure = current.error;
  useEffect(() => {
    if (!failed) return;
    if (!isSessionExpiry(failure)) enqueueSnackbar(MESSAGES.unexpected);
    void navigate(appPath('Corporation'), { replace: true });
  }, [failed, failure, navigate]);

  const change = useMutation({
    mutationFn: changeServicePlan,
    onSuccess: async (plan) => {
      queryClient.setQueryData(planKeys.current, plan);
      setChoice(null);
      enqueueSnackbar(MESSAGES.planChanged, 'success');
      // The header and menus follow the member's plan.
      const fresh = await queryClient.fetchQuery({
        queryKey: memberKeys.detail(member.id),
        queryFn: () => fetchMember(member.id),
        staleTime: 0,
      });
      setMember(fresh);
    },
    onError: (error) => reportFailure(error),
  });

  if (!current.isSuccess) return <PageLoader />;

  return (
    <Box component="section" aria-labelledby="plan-heading" sx={{ maxWidth: 1100 }}>
      <PageHeading id="plan-heading" title={routeTitle('CorporationServicePlanSelectSetting')} />
      <Typography color="text.secondary" sx={{ mb: 3, lineHeight: 1.8 }}>
        {t('planChange.lead', { corporation: member.corporation.name })}
      </Typography>
      <RadioGroup
        aria-labelledby="plan-heading"
        value={selected ?? ''}
        onChange={(event) => {
          const plan = PLANS.find((p) => p.code === event.target.value);
          if (plan) setChoice(plan.code);
        }}
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
          alignItems: 'stretch',
        }}
      >
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.code}
            plan={plan}
            current={plan.code === current.data}
            selected={plan.code === selected}
          />
        ))}
      </RadioGroup>
      <Box
        sx={{
          mt: 3,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {selected && selected !== current.data
            ? t('planChange.summary', {
                from: PLANS.find((p) => p.code === current.data)!.name,
                to: PLANS.find((p) => p.code === selected)!.name,
              })
            : t('planChange.chooseHint')}
        </Typography>
        <Button
          variant="contained"
          size="large"
          disabled={!selected || selected === current.data}
          loading={change.isPending}
          onClick={() => selected && change.mutate(selected)}
        >
          {t('planChange.submit')}
        </Button>
      </Box>
    </Box>
  );
}

function PlanCard({
  plan,
  current,
  selected,
}: {
  plan: Plan;
  current: boolean;
  selected: boolean;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const features = planFeatures(plan.code);
  const extras = t(`planChange.extras.${plan.code}`);
  return (
    <Paper
      component="label"
      variant="outlined"
      sx={{
        position: 'relative',
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        cursor: 'pointer',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'rgba(0, 137, 123, 0.04)' : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': { borderColor: selected ? 'primary.main' : 'primary.light' },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Radio
          value={plan.code}
          slotProps={{ input: { 'aria-labelledby': nameId } }}
          sx={{ ml: -1.25 }}
        />
        <Typography id={nameId} variant="h2" component="span" sx={{ fontSize: '1.125rem' }}>
          {plan.name}
        </Typography>
        {current && (
          <Chip
            size="small"
            color="secondary"
            label={MESSAGES.planInUse}
            sx={{ ml: 'auto', fontWeight: 700 }}
          />
        )}
      </Box>
      <Box>
        <Typography sx={{ fontSize: 24, fontWeight: 800, color: 'primary.dark' }}>
          {PLAN_PRICE_PLACEHOLDERS[plan.code]}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('planChange.pricePlaceholder')}
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {t('planChange.screens', { count: features.screens.length })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {plan.code === 'free' ? t('planChange.includes') : t('planChange.adds')}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {[...features.added, ...features.addedExports, ...(extras ? [extras] : [])].map((item) => (
          <Box
            component="li"
            key={item}
            sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, fontSize: 14 }}
          >
            <CheckIcon sx={{ fontSize: 18, color: 'primary.main', mt: '2px' }} />
            {item}
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
