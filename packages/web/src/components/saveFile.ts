/** Saves a file the browser holds (a download, a CSV built here) through a temporary link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** Saves text as a file of the given type. */
export function saveText(text: string, fileName: string, type: string): void {
  saveFile(new Blob([text], { type }), fileName);
}

/** The type of the CSV files the browser writes. */
export const CSV_MIME_TYPE = 'text/csv;charset=utf-8';
