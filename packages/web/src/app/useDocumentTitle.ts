import { pageTitle } from '@pharmalytics/domain';
import { useEffect } from 'react';

/** Sets '{title}｜Pharmalytics' (spec 01 §2); null leaves the title alone (e.g. while redirecting). */
export function useDocumentTitle(title: string | undefined | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = pageTitle(title);
  }, [title]);
}
