import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FIELD_LABELS, MESSAGES } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { Store } from '../../api/index.ts';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { enqueueSnackbar, PageHeading, PageLoader, ValueOr } from '../../components/index.ts';
import { useSignedInMember } from '../session/index.ts';
import { formatZipCode } from '../corporations/index.ts';
import {
  BackLink,
  canManage,
  ConfirmDialog,
  DeleteCard,
  DetailQueryContent,
  InfoCard,
  InfoList,
  InfoRow,
  reportFailure,
} from '../../components/settings/index.ts';
import { deviceKeys, fetchClientDevices } from '../devices/index.ts';
import {
  fetchStore,
  fetchStoreMembers,
  queriesOfStore,
  removeStoreMember,
  storeDetailKeys,
  storeKeys,
  type StoreMember,
} from './api.ts';
import { ConnectionChip } from './ConnectionChip.tsx';
import { UploadHistoryCard } from './UploadHistoryCard.tsx';
import { DeleteStoreDialog } from './DeleteStoreDialog.tsx';
import { LocationPanel, StoreFormDialog } from './StoreFormDialog.tsx';
import { fullAddress, storedPin } from './storeForm.ts';

const PAGE_WIDTH = 1040;

/** One store: registration info, position, uploader, members (route PharmacyDetailSetting). */
export function StoreDetailPage() {
  const { t } = useTranslation();
  const storeCode = useParams().id ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Once the store is deleted its cards leave at once and none of its queries runs again; the
  // page follows to the store list.
  const [deleted, setDeleted] = useState(false);
  const store = useQuery({
    queryKey: storeDetailKeys.detail(storeCode),
    queryFn: () => fetchStore(storeCode),
    enabled: storeCode !== '' && !deleted,
  });

  const onDeleted = async () => {
    setDeleted(true);
    enqueueSnackbar(MESSAGES.storeDeleted, 'success');
    queryClient.setQueryData<Store[]>(storeKeys.all, (stores) =>
      stores?.filter((s) => s.storeCode !== storeCode),
    );
    await navigate(appPath('PharmacySetting'));
    for (const queryKey of queriesOfStore(storeCode)) queryClient.removeQueries({ queryKey });
    // The lists only: a prefix match would also refetch the store's own queries while observed.
    void queryClient.invalidateQueries({ queryKey: storeKeys.all, exact: true });
    void queryClient.invalidateQueries({ queryKey: storeDetailKeys.checkSetups });
    void queryClient.invalidateQueries({ queryKey: ['accounts'] });
  };

  return (
    <Box component="section" aria-labelledby="store-detail-heading" sx={{ maxWidth: PAGE_WIDTH }}>
      <BackLink to={appPath('PharmacySetting')}>{t('storeDetail.back')}</BackLink>
      <PageHeading id="store-detail-heading" title={routeTitle('PharmacyDetailSetting')} />
      <DetailQueryContent
        query={store}
        invalid={storeCode === ''}
        notFound={t('storeDetail.notFound')}
      >
        {(data) => (deleted ? null : <StoreView store={data} onDeleted={onDeleted} />)}
      </DetailQueryContent>
    </Box>
  );
}

function StoreView({ store, onDeleted }: { store: Store; onDeleted: () => Promise<void> }) {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const manager = canManage(member);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <InfoCard
        title={t('storeDetail.registrationTitle')}
        action={
          manager && (
            <Button
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setDialog('edit')}
              aria-haspopup="dialog"
            >
              {t('settingsCommon.edit')}
            </Button>
          )
        }
      >
        <InfoList>
          <InfoRow label={FIELD_LABELS.storeName}>{store.name}</InfoRow>
          <InfoRow label={FIELD_LABELS.storeCode}>{store.storeCode}</InfoRow>
          <InfoRow label={FIELD_LABELS.zipCode}>
            <ValueOr value={formatZipCode(store.zipCode)} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.address}>
            <ValueOr value={fullAddress(store)} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.insuranceInstitutionCode}>
            <ValueOr value={store.insuranceInstitutionCode} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.managementPharmacistName}>
            <ValueOr value={store.managementPharmacistName} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.tel}>
            <ValueOr value={store.tel} />
          </InfoRow>
        </InfoList>
      </InfoCard>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          // Tracks that ignore their content's width: the map canvas must not size its column.
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <InfoCard title={t('storeDetail.locationTitle')}>
          <Box sx={{ p: 2 }}>
            <LocationPanel pin={storedPin(store)} height={240} />
          </Box>
        </InfoCard>
        <UploaderCard store={store} showUser={manager} />
      </Box>

      <UploadHistoryCard storeCode={store.storeCode} />

      <MembersCard store={store} manager={manager} />

      {manager && (
        <DeleteCard
          heading={t('storeDetail.deleteHeading')}
          warning={t('storeDetail.deleteWarning')}
          label={t('storeDetail.delete')}
          onDelete={() => setDialog('delete')}
        />
      )}

      <StoreFormDialog
        open={dialog === 'edit'}
        store={store}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          queryClient.setQueryData(storeDetailKeys.detail(saved.storeCode), saved);
          setDialog(null);
        }}
      />
      <DeleteStoreDialog
        open={dialog === 'delete'}
        store={store}
        onClose={() => setDialog(null)}
        onDeleted={() => void onDeleted()}
      />
    </Box>
  );
}

function UploaderCard({ store, showUser }: { store: Store; showUser: boolean }) {
  const { t } = useTranslation();
  const devices = useQuery({ queryKey: deviceKeys.all, queryFn: fetchClientDevices });
  const lastContact = devices.data
    ?.filter((d) => d.storeCode === store.storeCode && d.lastContactAt)
    .map((d) => d.lastContactAt!)
    .sort()
    .at(-1);
  return (
    <InfoCard title={t('storeDetail.uploaderTitle')}>
      <InfoList>
        <StackRow label={FIELD_LABELS.connectionStatus}>
          <ConnectionChip connected={store.connected} />
        </StackRow>
        {showUser && (
          <StackRow label={t('storeDetail.uploaderUser')}>
            <ValueOr value={store.clientDeviceUser?.name} notSet />
          </StackRow>
        )}
        <StackRow label={t('storeDetail.lastContact')}>
          {lastContact ? (
            format(new Date(lastContact), 'yyyy/MM/dd HH:mm')
          ) : (
            <Box component="span" sx={{ color: 'text.disabled' }}>
              {t('storeDetail.never')}
            </Box>
          )}
        </StackRow>
      </InfoList>
      {!store.connected && (
        <Box sx={{ px: 3, py: 2, borderTop: '1px solid', borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {t('storeDetail.notConnectedHint')}
          </Typography>
          <Link component={RouterLink} to={appPath('InitialSetup')} sx={{ fontWeight: 600 }}>
            {t('storeList.toInitialSetup')}
          </Link>
        </Box>
      )}
    </InfoCard>
  );
}

/** A label over its value, for the narrow uploader card. */
function StackRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ px: 3, py: 1.5 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mt: 0.25 }}>
        {children}
      </Box>
    </Box>
  );
}

function MembersCard({ store, manager }: { store: Store; manager: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<StoreMember | null>(null);
  const members = useQuery({
    queryKey: storeDetailKeys.members(store.storeCode),
    queryFn: () => fetchStoreMembers(store.storeCode),
  });
  const remove = useMutation({
    mutationFn: (memberId: number) => removeStoreMember(store.storeCode, memberId),
    onSuccess: async () => {
      setTarget(null);
      enqueueSnackbar(MESSAGES.storeMemberRemoved, 'success');
      await queryClient.invalidateQueries({
        queryKey: storeDetailKeys.members(store.storeCode),
      });
      void queryClient.invalidateQueries({ queryKey: ['accounts'] });
    },
    onError: (error) => {
      setTarget(null);
      reportFailure(error);
    },
  });

  let body: ReactNode;
  if (members.isPending) body = <PageLoader minHeight={120} />;
  else if (members.isError)
    body = (
      <Alert severity="error" sx={{ m: 2 }}>
        {t('settingsCommon.loadFailed')}
      </Alert>
    );
  else if (members.data.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        {MESSAGES.noData}
      </Typography>
    );
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          aria-label={t('storeDetail.membersTitle')}
          sx={{
            '& td': { height: 52, py: 0 },
            '& th:first-of-type, & td:first-of-type': { pl: 3 },
            '& th:last-of-type, & td:last-of-type': { pr: 3 },
          }}
        >
          <TableHead>
            <TableRow sx={{ '& th': { fontWeight: 700, fontSize: 13, bgcolor: '#f7faf9' } }}>
              <TableCell>{FIELD_LABELS.publicName}</TableCell>
              <TableCell>{FIELD_LABELS.email}</TableCell>
              <TableCell>{FIELD_LABELS.systemRole}</TableCell>
              {manager && (
                <TableCell align="right" sx={{ width: 120 }}>
                  {t('settingsCommon.action')}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {members.data.map((m) => (
              <TableRow key={m.id} sx={{ '&:last-child td': { borderBottom: 0 } }}>
                <TableCell>{m.publicName}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.email}</TableCell>
                <TableCell>{m.systemRole.publicName}</TableCell>
                {manager && (
                  <TableCell align="right">
                    {m.systemRole.name === 'user' && (
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setTarget(m)}
                        aria-label={t('storeDetail.removeMemberOf', { name: m.publicName })}
                      >
                        {t('storeDetail.removeMember')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <InfoCard
      title={t('storeDetail.membersTitle')}
      action={
        members.data && (
          <Typography variant="body2" color="text.secondary">
            {t('settingsCommon.count', { count: members.data.length })}
          </Typography>
        )
      }
    >
      {body}
      <ConfirmDialog
        open={target !== null}
        title={t('storeDetail.removeMemberTitle')}
        confirmLabel={t('storeDetail.removeMemberConfirm')}
        destructive
        pending={remove.isPending}
        onClose={() => setTarget(null)}
        onConfirm={() => target && remove.mutate(target.id)}
      >
        <Typography>
          {t('storeDetail.removeMemberBody', {
            name: target?.publicName ?? '',
            store: store.name,
          })}
        </Typography>
      </ConfirmDialog>
    </InfoCard>
  );
}
