import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { FIELD_LABELS, MESSAGES } from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { Store } from '../../api/index.ts';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { PageHeading, ValueOr } from '../../components/index.ts';
import { useSignedInMember } from '../session/index.ts';
import {
  canManage,
  matchesFilter,
  SettingsDataGrid,
  TableToolbar,
} from '../../components/settings/index.ts';
import { fetchIncompleteSetupCount, fetchStores, storeDetailKeys, storeKeys } from './api.ts';
import { ConnectionChip } from './ConnectionChip.tsx';
import { StoreFormDialog } from './StoreFormDialog.tsx';
import { opensRegistration } from './storeListState.ts';

/** Store list (route PharmacySetting, spec 01 §2). */
export function StoreListPage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const manager = canManage(member);
  const [filter, setFilter] = useState('');
  const location = useLocation();
  const [registering, setRegistering] = useState(
    () => manager && opensRegistration(location.state),
  );
  const navigate = useNavigate();
  // The request to register is used once: a reload or a return to this entry does not reopen it.
  useEffect(() => {
    if (opensRegistration(location.state)) {
      void navigate(location.pathname, { replace: true, state: null });
    }
  }, [location, navigate]);
  const stores = useQuery({ queryKey: storeKeys.all, queryFn: fetchStores });
  const incomplete = useQuery({
    queryKey: storeDetailKeys.checkSetups,
    queryFn: fetchIncompleteSetupCount,
  });

  const rows = (stores.data ?? []).filter((s) =>
    matchesFilter(filter, [s.storeCode, s.name, s.managementPharmacistName]),
  );

  const columns: GridColDef<Store>[] = [
    {
      field: 'storeCode',
      headerName: FIELD_LABELS.storeCode,
      width: 110,
      cellClassName: 'tabular',
    },
    { field: 'name', headerName: FIELD_LABELS.storeName, flex: 1.4, minWidth: 200 },
    {
      field: 'prefecture',
      headerName: FIELD_LABELS.prefecture,
      width: 120,
      valueGetter: (_value, row) => row.prefecture.name,
    },
    {
      field: 'managementPharmacistName',
      headerName: FIELD_LABELS.managementPharmacistName,
      flex: 1,
      minWidth: 150,
      renderCell: ({ row }) => <ValueOr value={row.managementPharmacistName} />,
    },
    {
      field: 'connected',
      headerName: FIELD_LABELS.connectionStatus,
      width: 130,
      renderCell: ({ row }) => <ConnectionChip connected={row.connected} />,
    },
    {
      field: 'action',
      headerName: t('settingsCommon.action'),
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          component={RouterLink}
          to={appPath('PharmacyDetailSetting', { id: row.storeCode })}
          size="small"
          variant="outlined"
          aria-label={t('storeList.detailOf', { name: row.name })}
        >
          {t('storeList.detail')}
        </Button>
      ),
    },
  ];

  return (
    <Box component="section" aria-labelledby="store-list-heading">
      <PageHeading
        id="store-list-heading"
        title={routeTitle('PharmacySetting')}
        actions={
          manager && (
            <Button
              variant="contained"
              startIcon={<AddBusinessOutlinedIcon />}
              onClick={() => setRegistering(true)}
              aria-haspopup="dialog"
            >
              {t('storeList.register')}
            </Button>
          )
        }
      />
      {(incomplete.data ?? 0) > 0 && (
        <Alert
          severity="error"
          sx={{ mb: 2, alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
          action={
            <Link
              component={RouterLink}
              to={appPath('InitialSetup')}
              sx={{ fontWeight: 700, whiteSpace: 'nowrap', mr: 1 }}
            >
              {t('storeList.toInitialSetup')}
            </Link>
          }
        >
          {MESSAGES.incompleteSetupStores(incomplete.data ?? 0)}
        </Alert>
      )}
      {stores.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void stores.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('settingsCommon.loadFailed')}
        </Alert>
      ) : (
        <>
          <TableToolbar
            count={rows.length}
            filter={filter}
            onFilter={setFilter}
            filterLabel={t('storeList.filterLabel')}
            filterPlaceholder={t('storeList.filterPlaceholder')}
          />
          <SettingsDataGrid
            rows={rows}
            columns={columns}
            getRowId={(row) => row.storeCode}
            loading={stores.isPending}
            label={routeTitle('PharmacySetting')}
          />
        </>
      )}
      <StoreFormDialog
        open={registering}
        store={null}
        onClose={() => setRegistering(false)}
        onSaved={() => setRegistering(false)}
      />
    </Box>
  );
}
