import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import { EXPORT_TEXTS } from '@pharmalytics/domain';
import { useState } from 'react';
import { isSessionExpiry, type DownloadedFile } from '../../api/index.ts';
import { enqueueSnackbar, saveFile } from '../../components/index.ts';

/**
 * A button that downloads a file the server makes and saves it under the server's name (or
 * `fallbackName`); a failure says so in a snackbar.
 */
export function ExportButton({
  label,
  fallbackName,
  failure,
  fetchFile,
  disabled = false,
}: {
  label: string;
  fallbackName: string;
  failure: string;
  fetchFile: () => Promise<DownloadedFile>;
  /** Nothing to export yet. */
  disabled?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.fileName ?? fallbackName);
    } catch (error) {
      if (!isSessionExpiry(error)) enqueueSnackbar(failure, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DownloadOutlinedIcon />}
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={() => void run()}
    >
      {busy ? EXPORT_TEXTS.preparing : label}
    </Button>
  );
}

/** 「Excelで出力」 */
export function XlsxButton(props: {
  fallbackName: string;
  fetchFile: () => Promise<DownloadedFile>;
  disabled?: boolean;
}) {
  return (
    <ExportButton label={EXPORT_TEXTS.xlsxButton} failure={EXPORT_TEXTS.xlsxFailed} {...props} />
  );
}

/** 「PDFで出力」 */
export function PdfButton(props: {
  fallbackName: string;
  fetchFile: () => Promise<DownloadedFile>;
}) {
  return (
    <ExportButton label={EXPORT_TEXTS.pdfButton} failure={EXPORT_TEXTS.pdfFailed} {...props} />
  );
}
