import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES, type AnalysisPageDef, type MetricSlug } from '@pharmalytics/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionExpiry } from '../../../api/index.ts';
import { enqueueSnackbar, saveFile } from '../../../components/index.ts';
import { downloadAnalysisCsv, type AnalysisQuery } from './api.ts';

/**
 * CSV export of the page, whole and by store (spec 02 §6, §7). Shown on the advanced plan only;
 * the server names the file.
 */
export function CsvButtons({
  page,
  metric,
  query,
  fallbackName,
}: {
  page: AnalysisPageDef;
  metric: MetricSlug;
  query: AnalysisQuery;
  fallbackName: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'total' | 'byStore' | null>(null);
  const download = async (kind: 'total' | 'byStore') => {
    setBusy(kind);
    try {
      const file = await downloadAnalysisCsv(page, metric, query, kind === 'byStore');
      saveFile(file.blob, file.fileName ?? fallbackName);
    } catch (error) {
      if (!isSessionExpiry(error)) enqueueSnackbar(MESSAGES.csvFailed, 'error');
    } finally {
      setBusy(null);
    }
  };
  const button = (kind: 'total' | 'byStore', label: string) => (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlinedIcon />}
      disabled={busy !== null}
      aria-busy={busy === kind}
      onClick={() => void download(kind)}
    >
      {busy === kind ? t('analysis.csvPreparing') : label}
    </Button>
  );
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {button('total', t('analysis.csv'))}
      {button('byStore', t('analysis.csvByStore'))}
    </Box>
  );
}
