import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_STATUSES,
  FIELD_LABELS,
  MESSAGES,
  SELF_DELETE_LOGOUT_DELAY_MS,
  viewableStoresText,
  VIEWABLE_STORES_TEXT,
} from '@pharmalytics/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { appPath, routeTitle } from '../../routes/paths.ts';
import { enqueueSnackbar, PageHeading, ValueOr } from '../../components/index.ts';
import { standingOf } from '@pharmalytics/domain';
import { logout, useSignedInMember } from '../session/index.ts';
import {
  BackLink,
  ConfirmDialog,
  DeleteCard,
  DetailQueryContent,
  InfoCard,
  InfoList,
  InfoRow,
  reportFailure,
} from '../../components/settings/index.ts';
import {
  accountKeys,
  deleteAccount,
  fetchAccount,
  fetchAccountList,
  type AccountDetail,
} from './adminApi.ts';
import { accountChangeFailure } from './outcomes.ts';
import { RoleDialog } from './RoleDialog.tsx';
import { accountEditRights } from './roles.ts';
import { ViewableStoresDialog } from './ViewableStoresDialog.tsx';

const PAGE_WIDTH = 960;
const ENABLED_LABEL = ACCOUNT_STATUSES.find((s) => s.value === 'enabled')!.label;

/** One account: names, e-mail, role and viewable stores, with their edits (spec 01 §2). */
export function AccountDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const account = useQuery({
    queryKey: accountKeys.detail(id),
    queryFn: () => fetchAccount(id),
    enabled: valid,
  });

  return (
    <Box component="section" aria-labelledby="account-detail-heading" sx={{ maxWidth: PAGE_WIDTH }}>
      <BackLink to={appPath('AccountList')}>{t('accountDetail.back')}</BackLink>
      <PageHeading id="account-detail-heading" title={routeTitle('AccountDetail')} />
      <DetailQueryContent query={account} invalid={!valid} notFound={t('accountDetail.notFound')}>
        {(data) => <AccountView account={data} />}
      </DetailQueryContent>
    </Box>
  );
}

function EditLink({
  label,
  enabled,
  reason,
  onClick,
}: {
  label: string;
  enabled: boolean;
  reason: string | null;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const button = (
    <Button
      size="small"
      startIcon={<EditOutlinedIcon />}
      disabled={!enabled}
      onClick={onClick}
      aria-haspopup="dialog"
      aria-label={label}
    >
      {t('settingsCommon.edit')}
    </Button>
  );
  if (enabled || !reason) return button;
  // A disabled button gets no pointer events; the wrapper carries the explanation.
  return (
    <Tooltip title={reason}>
      <span>{button}</span>
    </Tooltip>
  );
}

function AccountView({ account }: { account: AccountDetail }) {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = member.corporation.corporationCode;
  const [dialog, setDialog] = useState<'role' | 'stores' | 'delete' | null>(null);
  const [leaving, setLeaving] = useState(false);
  const self = account.id === member.id;
  const targetRole = account.systemRole.name;
  const rights = accountEditRights(
    { id: member.id, ...standingOf(member) },
    { id: account.id, role: targetRole },
  );
  // The corporation's store count, as the account list computes it, tells "all stores".
  const list = useQuery({
    queryKey: accountKeys.list(code),
    queryFn: () => fetchAccountList(code),
    enabled: targetRole === 'user',
  });
  const storeNames = account.browsableStores.map((s) => s.name);
  const storesText =
    targetRole === 'user'
      ? viewableStoresText(storeNames, list.data?.totalStoreCount ?? Infinity, 'detail')
      : VIEWABLE_STORES_TEXT.all;

  const remove = useMutation({
    mutationFn: () => deleteAccount(account.id),
    onSuccess: () => {
      setDialog(null);
      enqueueSnackbar(MESSAGES.accountDeleted, 'success');
      if (self) {
        // The server ended the session; sign out here after a moment (spec 01 §4).
        setLeaving(true);
        window.setTimeout(() => void logout(queryClient), SELF_DELETE_LOGOUT_DELAY_MS);
        return;
      }
      queryClient.removeQueries({ queryKey: accountKeys.detail(account.id) });
      void queryClient.invalidateQueries({ queryKey: accountKeys.list(code) });
      void navigate(appPath('AccountList'));
    },
    onError: (error) => {
      setDialog(null);
      reportFailure(error, accountChangeFailure(error));
    },
  });

  if (leaving) {
    return (
      <Alert severity="info" role="status">
        {t('accountDetail.loggingOut')}
      </Alert>
    );
  }

  const roleReason =
    member.systemRole.name === 'user'
      ? null
      : self
        ? t('accountDetail.ownRole')
        : targetRole === 'system_admin'
          ? t('accountDetail.systemAdminRole')
          : null;
  const storesReason = member.systemRole.name === 'user' ? null : t('accountDetail.adminStores');

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <InfoCard
        title={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            {account.publicName}
            {self && <Chip size="small" variant="outlined" label={t('accountDetail.you')} />}
          </Box>
        }
      >
        <InfoList>
          <InfoRow label={FIELD_LABELS.publicName}>{account.publicName}</InfoRow>
          <InfoRow label={FIELD_LABELS.searchName}>
            <ValueOr value={account.searchName} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.email}>
            <Box
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            >
              {account.email}
              <Chip size="small" color="primary" label={ENABLED_LABEL} sx={{ fontWeight: 700 }} />
            </Box>
          </InfoRow>
          <InfoRow
            label={FIELD_LABELS.systemRole}
            action={
              <EditLink
                label={t('accountDetail.editRole')}
                enabled={rights.role}
                reason={roleReason}
                onClick={() => setDialog('role')}
              />
            }
          >
            {account.systemRole.publicName}
          </InfoRow>
          <InfoRow
            label={FIELD_LABELS.viewableStores}
            action={
              <EditLink
                label={t('accountDetail.editStores')}
                enabled={rights.stores}
                reason={storesReason}
                onClick={() => setDialog('stores')}
              />
            }
          >
            <Box
              component="span"
              sx={
                storeNames.length === 0 && targetRole === 'user' ? { color: 'text.disabled' } : {}
              }
            >
              {storesText}
            </Box>
          </InfoRow>
        </InfoList>
      </InfoCard>

      {rights.remove && (
        <DeleteCard
          heading={t('accountDetail.deleteHeading')}
          warning={MESSAGES.accountDeleteWarning}
          label={t('accountDetail.delete')}
          onDelete={() => setDialog('delete')}
        />
      )}

      <RoleDialog open={dialog === 'role'} account={account} onClose={() => setDialog(null)} />
      <ViewableStoresDialog
        open={dialog === 'stores'}
        account={account}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('accountDetail.deleteTitle')}
        confirmLabel={t('accountDetail.deleteConfirm')}
        destructive
        pending={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => remove.mutate()}
      >
        <Typography sx={{ mb: 1.5 }}>
          {self
            ? t('accountDetail.deleteSelfBody')
            : t('accountDetail.deleteBody', { name: account.publicName, email: account.email })}
        </Typography>
        <Alert severity="warning">{MESSAGES.accountDeleteWarning}</Alert>
      </ConfirmDialog>
    </Box>
  );
}
