import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Link, { type LinkProps } from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

/** A link that opens in a new tab, announced as such. */
export function ExternalLink({ children, ...props }: Omit<LinkProps, 'target' | 'rel'>) {
  const { t } = useTranslation();
  return (
    <Link
      {...props}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ...props.sx }}
    >
      {children}
      <OpenInNewIcon sx={{ fontSize: '1em' }} titleAccess={t('common.opensInNewTab')} />
    </Link>
  );
}
