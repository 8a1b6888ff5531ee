import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FIELD_LABELS } from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { routeTitle } from '../../routes/paths.ts';
import { PageHeading, PageLoader, ValueOr } from '../../components/index.ts';
import { useSignedInMember } from '../session/index.ts';
import { corporationKeys, fetchCorporation, formatZipCode, type Corporation } from './api.ts';
import { CorporationEditForm } from './CorporationEditForm.tsx';
import { canManage, InfoCard, InfoList, InfoRow } from '../../components/settings/index.ts';

const PAGE_WIDTH = 960;

/** Corporation info: read view for everyone, edit for admin and system_admin (spec 01 §2). */
export function CorporationPage() {
  const { t } = useTranslation();
  const member = useSignedInMember();
  const code = member.corporation.corporationCode;
  const editable = canManage(member);
  const [editing, setEditing] = useState(false);
  const corporation = useQuery({
    queryKey: corporationKeys.detail(code),
    queryFn: () => fetchCorporation(code),
  });

  let content: ReactNode;
  if (corporation.isPending) {
    content = <PageLoader />;
  } else if (corporation.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void corporation.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('settingsCommon.loadFailed')}
      </Alert>
    );
  } else if (editing && editable) {
    content = (
      <CorporationEditForm corporation={corporation.data} onClose={() => setEditing(false)} />
    );
  } else {
    content = <CorporationView corporation={corporation.data} />;
  }

  return (
    <Box component="section" aria-labelledby="corporation-heading" sx={{ maxWidth: PAGE_WIDTH }}>
      <PageHeading
        id="corporation-heading"
        title={routeTitle('Corporation')}
        actions={
          editable &&
          !editing &&
          corporation.isSuccess && (
            <Button
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
              onClick={() => setEditing(true)}
            >
              {t('corporationInfo.edit')}
            </Button>
          )
        }
      />
      {content}
    </Box>
  );
}

function CorporationView({ corporation: c }: { corporation: Corporation }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <InfoCard title={t('corporationInfo.basicTitle')}>
        <InfoList>
          <InfoRow label={FIELD_LABELS.corporationCode}>
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {c.corporation_code}
            </Box>
          </InfoRow>
          <InfoRow label={FIELD_LABELS.corporationName}>{c.name}</InfoRow>
          <InfoRow label={FIELD_LABELS.zipCode}>
            <ValueOr value={formatZipCode(c.zip_code)} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.address}>
            <ValueOr value={c.address} />
          </InfoRow>
          <InfoRow label={FIELD_LABELS.buildingName}>
            <ValueOr value={c.building_name} />
          </InfoRow>
        </InfoList>
      </InfoCard>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ContactCard
          title={t('corporationInfo.technicalTitle')}
          name={c.technical_person_name}
          email={c.technical_person_email}
          tel={c.technical_person_tel}
        />
        <ContactCard
          title={t('corporationInfo.billingTitle')}
          name={c.billing_person_name}
          email={c.billing_person_email}
          tel={c.billing_person_tel}
        />
      </Box>
    </Box>
  );
}

function ContactCard({
  title,
  name,
  email,
  tel,
}: {
  title: string;
  name: string | null;
  email: string | null;
  tel: string | null;
}) {
  return (
    <InfoCard title={title}>
      <InfoList>
        <InfoRow labelWidth={130} label={FIELD_LABELS.contactName}>
          <ValueOr value={name} />
        </InfoRow>
        <InfoRow labelWidth={130} label={FIELD_LABELS.email}>
          <ValueOr value={email} />
        </InfoRow>
        <InfoRow labelWidth={130} label={FIELD_LABELS.tel}>
          <ValueOr value={tel} />
        </InfoRow>
      </InfoList>
    </InfoCard>
  );
}
