import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputBase from '@mui/material/InputBase';
import { corporationCodeSchema, MESSAGES } from '@pharmalytics/domain';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { enqueueSnackbar } from '../../../components/index.ts';
import { setMember } from '../../session/index.ts';
import { switchCorporation } from '../../members/index.ts';

/** system_admin: switch corporation by code; the page reloads on success (spec 01 §4). */
export function CorporationSwitchForm({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(corporationCodeSchema),
    defaultValues: { corporationCode: '' },
  });
  const mutation = useMutation({
    mutationFn: (code: string) => switchCorporation(memberId, code),
    onSuccess: (member) => {
      setMember(member);
      window.location.reload();
    },
    onError: () => enqueueSnackbar(MESSAGES.corporationSwitchFailed),
  });
  const error = errors.corporationCode?.message;

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(({ corporationCode }) => mutation.mutate(corporationCode))}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, position: 'relative' }}
    >
      <Box
        component="label"
        htmlFor={inputId}
        sx={{ fontSize: 13, fontWeight: 600, whiteSpace: 'nowrap', opacity: 0.85 }}
      >
        {t('header.corporationCode')}
      </Box>
      <Box sx={{ position: 'relative' }}>
        <InputBase
          {...register('corporationCode')}
          id={inputId}
          placeholder={t('header.corporationCodePlaceholder')}
          error={Boolean(error)}
          slotProps={{
            input: {
              inputMode: 'numeric',
              'aria-invalid': Boolean(error),
              'aria-describedby': error ? errorId : undefined,
            },
          }}
          sx={{
            width: 120,
            height: 34,
            px: 1.25,
            fontSize: 14,
            color: 'common.white',
            bgcolor: 'rgba(255,255,255,0.12)',
            borderRadius: 1,
            border: '1px solid',
            borderColor: error ? 'error.light' : 'rgba(255,255,255,0.3)',
            '&.Mui-focused': { borderColor: 'secondary.light', bgcolor: 'rgba(255,255,255,0.18)' },
            '& input::placeholder': { color: 'rgba(255,255,255,0.6)', opacity: 1 },
          }}
        />
        {error && (
          <Box
            id={errorId}
            role="alert"
            sx={{
              position: 'absolute',
              top: 'calc(100% + 6px)',
              left: 0,
              zIndex: 1,
              whiteSpace: 'nowrap',
              fontSize: 12,
              fontWeight: 600,
              px: 1,
              py: 0.5,
              borderRadius: 1,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              boxShadow: 2,
            }}
          >
            {error}
          </Box>
        )}
      </Box>
      <Button
        type="submit"
        size="small"
        variant="contained"
        color="secondary"
        loading={mutation.isPending}
        sx={{ minWidth: 56 }}
      >
        {t('header.switchCorporation')}
      </Button>
    </Box>
  );
}
