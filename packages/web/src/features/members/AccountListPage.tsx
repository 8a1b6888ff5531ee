import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { FIELD_LABELS, NO_VALUE } from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { enqueueSnackbar, PageHeading } from '../../components/index.ts';
import { useSignedInMember } from '../session/index.ts';
import {
  canManage,
  ConfirmDialog,
  matchesFilter,
  reportFailure,
  SettingsDataGrid,
  TableToolbar,
} from '../../components/settings/index.ts';
import { accountKeys, cancelInvitation, fetchAccountList, type Invitation } from './adminApi.ts';
import { accountRows, STATUS_LABEL, type AccountListRow as Row } from './accountRows.ts';
import { InviteDialog, InviteSentDialog } from './InviteDialog.tsx';

/** Accounts and pending invitations of the corporation (spec 01 §2, account list). */
export function AccountListPage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const code = member.corporation.corporationCode;
  const manager = canManage(member);
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const [inviting, setInviting] = useState(false);
  const [sent, setSent] = useState<Invitation[] | null>(null);
  const [cancelTarget, setCancelTarget] = useState<Row | null>(null);
  const list = useQuery({
    queryKey: accountKeys.list(code),
    queryFn: () => fetchAccountList(code),
  });
  const cancel = useMutation({
    mutationFn: (id: number) => cancelInvitation(id),
    onSuccess: async () => {
      setCancelTarget(null);
      enqueueSnackbar(t('accountList.cancelled'), 'success');
      await queryClient.invalidateQueries({ queryKey: accountKeys.list(code) });
    },
    onError: (error) => {
      setCancelTarget(null);
      reportFailure(error);
    },
  });

  const rows = useMemo(() => (list.data ? accountRows(list.data) : []), [list.data]);
  const shown = rows.filter((row) => matchesFilter(filter, [row.name, row.email]));

  const columns: GridColDef<Row>[] = [
    {
      field: 'name',
      headerName: FIELD_LABELS.publicName,
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) =>
        row.name ?? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            {NO_VALUE}
          </Box>
        ),
    },
    { field: 'email', headerName: FIELD_LABELS.email, flex: 1.4, minWidth: 220 },
    {
      field: 'status',
      headerName: FIELD_LABELS.accountStatus,
      width: 130,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Chip
            size="small"
            label={STATUS_LABEL[row.status]}
            color={row.status === 'enabled' ? 'primary' : 'warning'}
            variant={row.status === 'enabled' ? 'filled' : 'outlined'}
            sx={{ fontWeight: 700, minWidth: 56 }}
          />
          {row.expired && (
            <Typography component="span" variant="caption" color="error">
              {t('accountList.expired')}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'stores',
      headerName: FIELD_LABELS.viewableStores,
      flex: 1.2,
      minWidth: 180,
      renderCell: ({ row }) =>
        row.stores ?? (
          <Box component="span" sx={{ color: 'text.disabled' }}>
            {NO_VALUE}
          </Box>
        ),
    },
    { field: 'role', headerName: FIELD_LABELS.systemRole, width: 130 },
    {
      field: 'action',
      headerName: t('settingsCommon.action'),
      width: 120,
      sortable: false,
      renderCell: ({ row }) => {
        if (row.status === 'enabled') {
          return (
            <Button
              component={RouterLink}
              to={appPath('AccountDetail', { id: row.id })}
              size="small"
              variant="outlined"
              aria-label={t('accountList.detailOf', { name: row.name })}
            >
              {t('accountList.detail')}
            </Button>
          );
        }
        return manager ? (
          <Button
            size="small"
            color="error"
            onClick={() => setCancelTarget(row)}
            aria-label={t('accountList.cancelOf', { email: row.email })}
          >
            {t('accountList.cancelInvitation')}
          </Button>
        ) : null;
      },
    },
  ];

  return (
    <Box component="section" aria-labelledby="account-list-heading">
      <PageHeading
        id="account-list-heading"
        title={routeTitle('AccountList')}
        actions={
          manager && (
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1OutlinedIcon />}
              onClick={() => setInviting(true)}
              aria-haspopup="dialog"
            >
              {t('accountList.register')}
            </Button>
          )
        }
      />
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('settingsCommon.loadFailed')}
        </Alert>
      ) : (
        <>
          <TableToolbar
            count={shown.length}
            filter={filter}
            onFilter={setFilter}
            filterLabel={t('accountList.filterLabel')}
            filterPlaceholder={t('accountList.filterPlaceholder')}
          />
          <SettingsDataGrid
            rows={shown}
            columns={columns}
            getRowId={(row) => row.key}
            loading={list.isPending}
            label={routeTitle('AccountList')}
          />
        </>
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onSent={(invitations) => {
          setInviting(false);
          setSent(invitations);
          void queryClient.invalidateQueries({ queryKey: accountKeys.list(code) });
        }}
      />
      <InviteSentDialog invitations={sent} onClose={() => setSent(null)} />
      <ConfirmDialog
        open={cancelTarget !== null}
        title={t('accountList.cancelTitle')}
        confirmLabel={t('accountList.cancelConfirm')}
        destructive
        pending={cancel.isPending}
        onClose={() => setCancelTarget(null)}
        onConfirm={() => cancelTarget && cancel.mutate(cancelTarget.id)}
      >
        <Typography>{t('accountList.cancelBody', { email: cancelTarget?.email ?? '' })}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
