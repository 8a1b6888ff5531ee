import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  corporationEditSchema,
  FIELD_LABELS,
  MESSAGES,
  type CorporationEditForm as CorporationForm,
} from '@pharmalytics/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../api/index.ts';
import { bindField, enqueueSnackbar } from '../../components/index.ts';
import { setMember, useSignedInMember } from '../session/index.ts';
import { memberKeys } from '../members/index.ts';
import {
  corporationFormValues,
  corporationKeys,
  updateCorporation,
  type Corporation,
} from './api.ts';
import { FormCard, reportFailure } from '../../components/settings/index.ts';

type Field = FieldPath<CorporationForm>;

function withCorporationName(member: Member, name: string): Member {
  return { ...member, corporation: { ...member.corporation, name } };
}

/** The corporation edit form (corporationEditSchema); the header shows the new name at once. */
export function CorporationEditForm({
  corporation,
  onClose,
}: {
  corporation: Corporation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CorporationForm>({
    resolver: zodResolver(corporationEditSchema),
    mode: 'onTouched',
    defaultValues: corporationFormValues(corporation),
  });
  const save = useMutation({
    mutationFn: updateCorporation,
    onSuccess: (saved) => {
      queryClient.setQueryData(corporationKeys.detail(saved.corporation_code), saved);
      setMember(withCorporationName(member, saved.name));
      queryClient.setQueryData<Member>(memberKeys.detail(member.id), (cached) =>
        cached ? withCorporationName(cached, saved.name) : cached,
      );
      enqueueSnackbar(MESSAGES.corporationUpdated, 'success');
      onClose();
    },
    onError: (error) => reportFailure(error, MESSAGES.corporationUpdateFailed),
  });

  const field = (
    name: Field,
    label: string,
    extra: { numeric?: boolean; type?: string; required?: boolean } = {},
  ) => (
    <TextField
      {...bindField(register, name)}
      label={label}
      type={extra.type}
      required={extra.required}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{
        htmlInput: extra.numeric ? { inputMode: 'numeric' } : {},
      }}
    />
  );

  return (
    <FormCard
      title={t('corporationInfo.editTitle')}
      onSubmit={handleSubmit(async (form) => {
        await save.mutateAsync(form).catch(() => undefined);
      })}
      onCancel={onClose}
      submitting={isSubmitting}
    >
      <Box sx={{ p: 3, display: 'grid', gap: 4 }}>
        <Section title={t('corporationInfo.basicTitle')}>
          <TextField
            label={FIELD_LABELS.corporationCode}
            value={corporation.corporation_code}
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={t('corporationInfo.codeReadOnly')}
            sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
          />
          {field('name', FIELD_LABELS.corporationName, { required: true })}
          {field('zip_code', FIELD_LABELS.zipCode, { numeric: true })}
          <Box />
          {field('address', FIELD_LABELS.address)}
          {field('building_name', FIELD_LABELS.buildingName)}
        </Section>
        <Section title={t('corporationInfo.technicalTitle')}>
          {field('technical_person_name', FIELD_LABELS.technicalPersonName)}
          {field('technical_person_email', FIELD_LABELS.technicalPersonEmail, { type: 'email' })}
          {field('technical_person_tel', FIELD_LABELS.technicalPersonTel, { numeric: true })}
        </Section>
        <Section title={t('corporationInfo.billingTitle')}>
          {field('billing_person_name', FIELD_LABELS.billingPersonName)}
          {field('billing_person_email', FIELD_LABELS.billingPersonEmail, { type: 'email' })}
          {field('billing_person_tel', FIELD_LABELS.billingPersonTel, { numeric: true })}
        </Section>
      </Box>
    </FormCard>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography
        id={id}
        component="legend"
        variant="h3"
        sx={{ mb: 2, fontSize: 15, color: 'primary.dark', p: 0 }}
      >
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}
