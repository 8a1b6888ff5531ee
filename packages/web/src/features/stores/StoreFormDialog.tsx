import { zodResolver } from '@hookform/resolvers/zod';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FIELD_LABELS,
  FORM_MESSAGES,
  MESSAGES,
  STORE_MAP,
  storeFormSchema,
  type StoreForm,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, type Store } from '../../api/index.ts';
import { enqueueSnackbar } from '../../components/index.ts';
import { failureText } from '../../components/settings/index.ts';
import { fetchPrefectures, prefectureKeys } from '../prefectures/index.ts';
import {
  createStore,
  geocodeAddress,
  lookupZipCode,
  storeKeys,
  updateStore,
  type ZipAddress,
} from './api.ts';
import { LazyStoreMap } from './map/LazyStoreMap.tsx';
import {
  addressKey,
  EMPTY_STORE_FORM,
  roundCoordinate,
  storeBody,
  storedPin,
  storeFormValues,
  storeSaveFailure,
  ZIP_SEARCHABLE,
  type Pin,
} from './storeForm.ts';

const GEOCODE_DELAY_MS = 500;

export interface StoreFormDialogProps {
  open: boolean;
  /** The store to edit; null registers a new one. */
  store: Store | null;
  onClose: () => void;
  onSaved: (store: Store) => void;
}

/**
 * Store registration and edit (spec 01 §5, store form): the fields, an address search by
 * postal code, and a map whose pin shows (and lets the person correct) the position.
 */
export function StoreFormDialog(props: StoreFormDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      scroll="paper"
    >
      {/* Mounted per opening, so each starts from the store's current values. */}
      {props.open && <StoreForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function StoreForm({
  store,
  onClose,
  onSaved,
  titleId,
}: StoreFormDialogProps & { titleId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const initial = storeFormValues(store);
  const prefectures = useQuery({ queryKey: prefectureKeys.all, queryFn: fetchPrefectures });
  const [pin, setPin] = useState<Pin | null>(() => storedPin(store));
  const [zipNote, setZipNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [choices, setChoices] = useState<ZipAddress[]>([]);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const geocodedKey = useRef(addressKey(initial));
  const {
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = useForm<StoreForm>({
    resolver: zodResolver(storeFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const watched = useWatch({ control, name: ['zipCode', 'prefectureId', 'city', 'block'] });
  const [zipCode = '', prefectureId, city = '', block = ''] = watched;
  const key = addressKey({ prefectureId, city, block });

  // The address changed: place the pin from it after a pause in typing.
  useEffect(() => {
    if (key === geocodedKey.current || !prefectureId) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      geocodeAddress({ prefectureId, city: city.trim(), block: block.trim() }, controller.signal)
        .then((result) => {
          geocodedKey.current = key;
          setPin(
            result.latitude != null && result.longitude != null
              ? {
                  latitude: result.latitude,
                  longitude: result.longitude,
                  level: result.level,
                  source: 'geocoded',
                }
              : null,
          );
        })
        .catch(() => undefined);
    }, GEOCODE_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, prefectureId, city, block]);

  const zipLookup = useMutation({ mutationFn: lookupZipCode });
  const applyAddress = (address: ZipAddress) => {
    setChoices([]);
    setZipNote(null);
    const options = { shouldDirty: true, shouldValidate: true } as const;
    setValue('prefectureId', address.prefectureId, options);
    setValue('city', address.city, options);
    setValue('block', address.town, options);
    setFocus('block');
  };
  const searchZip = async (anchor: HTMLElement) => {
    setZipNote(null);
    try {
      const addresses = await zipLookup.mutateAsync(zipCode);
      if (addresses.length === 0) setZipNote(MESSAGES.zipAddressNotFound);
      else if (addresses.length === 1) applyAddress(addresses[0]!);
      else {
        setMenuAnchor(anchor);
        setChoices(addresses);
      }
    } catch (error) {
      if (isApiError(error) && error.status === 400) setZipNote(FORM_MESSAGES.zipFormat);
      else setFailure(failureText(error));
    }
  };

  const save = useMutation({
    mutationFn: (form: StoreForm) => {
      const body = storeBody({ ...EMPTY_STORE_FORM, ...form }, pin);
      return store ? updateStore(store.storeCode, body) : createStore(body);
    },
  });
  const onSubmit = handleSubmit(async (form) => {
    let saved: Store;
    setFailure(null);
    try {
      saved = await save.mutateAsync(form);
    } catch (error) {
      const failure = storeSaveFailure(error);
      if (failure) {
        setError(failure.field, { message: failure.message });
        setFocus(failure.field);
      } else {
        setFailure(failureText(error));
      }
      return;
    }
    enqueueSnackbar(store ? MESSAGES.storeUpdated : MESSAGES.storeRegistered, 'success');
    await queryClient.invalidateQueries({ queryKey: storeKeys.all });
    onSaved(saved);
  });

  // Controlled fields: the address search fills city and block, and their labels must follow.
  const text = (
    name: Exclude<FieldPath<StoreForm>, 'prefectureId'>,
    label: string,
    extra: { required?: boolean; numeric?: boolean; hint?: string; autoFocus?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          label={label}
          required={extra.required}
          autoFocus={extra.autoFocus}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? extra.hint}
          slotProps={{ htmlInput: extra.numeric ? { inputMode: 'numeric' } : {} }}
        />
      )}
    />
  );

  const movePin = (latitude: number, longitude: number) =>
    setPin({
      latitude: roundCoordinate(latitude),
      longitude: roundCoordinate(longitude),
      level: 'pin',
      source: 'manual',
    });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogTitle id={titleId} sx={{ fontWeight: 700 }}>
        {store ? t('storeForm.editTitle') : t('storeForm.createTitle')}
      </DialogTitle>
      <DialogContent dividers>
        {failure && (
          <Alert severity="error" sx={{ mb: 3 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 3.5 }}>
          <Section title={t('storeForm.basicSection')}>
            <Box sx={{ gridColumn: '1 / -1' }}>
              {text('name', FIELD_LABELS.storeName, { required: true, autoFocus: !store })}
            </Box>
          </Section>
          <Section title={t('storeForm.addressSection')}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <Controller
                control={control}
                name="zipCode"
                render={({ field, fieldState }) => (
                  <TextField
                    name={field.name}
                    value={field.value ?? ''}
                    onChange={(event) => {
                      setZipNote(null);
                      field.onChange(event);
                    }}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    label={FIELD_LABELS.zipCode}
                    error={Boolean(fieldState.error || zipNote)}
                    helperText={fieldState.error?.message ?? zipNote ?? t('storeForm.zipHint')}
                    slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
                  />
                )}
              />
              <Button
                variant="outlined"
                startIcon={<TravelExploreOutlinedIcon />}
                disabled={!ZIP_SEARCHABLE.test(zipCode)}
                loading={zipLookup.isPending}
                onClick={(event) => void searchZip(event.currentTarget)}
                aria-haspopup={choices.length > 1 ? 'menu' : undefined}
                sx={{ flexShrink: 0, height: 56, whiteSpace: 'nowrap' }}
              >
                {t('storeForm.zipSearch')}
              </Button>
              <Menu anchorEl={menuAnchor} open={choices.length > 0} onClose={() => setChoices([])}>
                <MenuItem disabled sx={{ fontSize: 13, opacity: '1 !important' }}>
                  {t('storeForm.chooseAddress')}
                </MenuItem>
                {choices.map((address) => (
                  <MenuItem
                    key={`${address.cityCode}-${address.town}`}
                    onClick={() => applyAddress(address)}
                  >
                    {address.prefecture}
                    {address.city}
                    {address.town}
                  </MenuItem>
                ))}
              </Menu>
            </Box>
            <Controller
              control={control}
              name="prefectureId"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  required
                  label={FIELD_LABELS.prefecture}
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value || ''}
                  onChange={(event) => field.onChange(Number(event.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error?.message ??
                    (prefectures.isError ? t('storeForm.prefecturesFailed') : undefined)
                  }
                  slotProps={{
                    select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
                  }}
                >
                  <MenuItem value="" disabled>
                    {t('storeForm.choose')}
                  </MenuItem>
                  {(prefectures.data ?? []).map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {text('city', FIELD_LABELS.city)}
            {text('block', FIELD_LABELS.block)}
            <Box sx={{ gridColumn: '1 / -1' }}>
              {text('buildingName', FIELD_LABELS.buildingName)}
            </Box>
            <Box sx={{ gridColumn: '1 / -1' }}>
              <LocationPanel pin={pin} onMove={movePin} />
            </Box>
          </Section>
          <Section title={t('storeForm.pharmacySection')}>
            {text('insuranceInstitutionCode', FIELD_LABELS.insuranceInstitutionCode, {
              numeric: true,
              hint: t('storeForm.insuranceHint'),
            })}
            {text('managementPharmacistName', FIELD_LABELS.managementPharmacistName)}
            {text('tel', FIELD_LABELS.tel, { numeric: true, hint: t('storeForm.telHint') })}
          </Section>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
          {t('settingsCommon.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={isSubmitting}>
          {store ? t('storeForm.update') : t('storeForm.create')}
        </Button>
      </DialogActions>
    </Box>
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
        sx={{ mb: 2, p: 0, fontSize: 15, color: 'primary.dark' }}
      >
        {title}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** The map with the pin, its coordinates and how they were found, and the data credits. */
export function LocationPanel({
  pin,
  onMove,
  height = STORE_MAP.height,
}: {
  pin: Pin | null;
  onMove?: (latitude: number, longitude: number) => void;
  height?: number;
}) {
  const { t } = useTranslation();
  return (
    <Box>
      <LazyStoreMap
        pin={pin}
        zoom={pin ? STORE_MAP.zoomByLevel[pin.level] : STORE_MAP.initialView.zoom}
        height={height}
        onMove={onMove}
        label={t('storeForm.mapLabel')}
      />
      <Box
        sx={{
          mt: 1,
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, minWidth: 0 }}>
          <PlaceOutlinedIcon
            fontSize="small"
            sx={{ color: pin ? 'secondary.main' : 'text.disabled' }}
          />
          <Typography variant="body2" data-testid="store-coordinates">
            {pin
              ? t('storeForm.coordinates', {
                  latitude: pin.latitude.toFixed(5),
                  longitude: pin.longitude.toFixed(5),
                  level: t(`storeForm.level.${pin.level}`),
                })
              : t('storeForm.noCoordinates')}
          </Typography>
        </Box>
        {onMove && (
          <Typography variant="caption" color="text.secondary">
            {t('storeForm.pinHint')}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {STORE_MAP.geocodingAttribution}
      </Typography>
    </Box>
  );
}
