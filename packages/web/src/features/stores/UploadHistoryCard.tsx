import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatNumber } from '@pharmalytics/domain';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/index.ts';
import { InfoCard } from '../../components/settings/index.ts';
import { fetchUploadHistory, storeDetailKeys, type UploadHistory } from './api.ts';

type Upload = UploadHistory['uploads'][number];

const STATUS_COLOR: Record<Upload['status'], 'default' | 'success' | 'info' | 'error'> = {
  received: 'default',
  loaded: 'success',
  duplicate: 'info',
  failed: 'error',
};

/** The files the store's uploader sent, newest first, with what each one loaded or refused. */
export function UploadHistoryCard({ storeCode }: { storeCode: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: storeDetailKeys.uploads(storeCode),
    queryFn: () => fetchUploadHistory(storeCode),
  });
  const uploads = history.data?.uploads ?? [];
  return (
    <InfoCard title={t('storeDetail.uploadsTitle')}>
      {history.isPending ? (
        <PageLoader />
      ) : uploads.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 3, py: 2 }}>
          {t('storeDetail.uploadsEmpty')}
        </Typography>
      ) : (
        <Table size="small" aria-label={t('storeDetail.uploadsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('storeDetail.uploadsReceivedAt')}</TableCell>
              <TableCell>{t('storeDetail.uploadsFile')}</TableCell>
              <TableCell>{t('storeDetail.uploadsFormat')}</TableCell>
              <TableCell>{t('storeDetail.uploadsStatus')}</TableCell>
              <TableCell align="right">{t('storeDetail.uploadsLoaded')}</TableCell>
              <TableCell align="right">{t('storeDetail.uploadsRefused')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {uploads.map((u) => (
              <TableRow key={u.id}>
                <TableCell>{format(new Date(u.receivedAt), 'yyyy/MM/dd HH:mm')}</TableCell>
                <TableCell>
                  {u.fileName}
                  {u.message && u.status === 'failed' && (
                    <Typography variant="caption" color="error" component="div">
                      {u.message}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{u.format ? t(`storeDetail.uploadFormat.${u.format}`) : '-'}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[u.status]}
                    label={t(`storeDetail.uploadStatus.${u.status}`)}
                  />
                </TableCell>
                <TableCell align="right">{formatNumber(u.prescriptionsLoaded, 0)}</TableCell>
                <TableCell align="right">{formatNumber(u.rowsRefused, 0)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </InfoCard>
  );
}
