import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

/** The link back to a list above a detail page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        mb: 1.5,
        fontSize: 14,
        fontWeight: 600,
      }}
    >
      <ArrowBackIcon sx={{ fontSize: 18 }} />
      {children}
    </Link>
  );
}
