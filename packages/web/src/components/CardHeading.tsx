import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The centred h1 and lead of a menu-less card (login, sign-up, reset and similar). */
export function CardHeading({ id, title, lead }: { id?: string; title: string; lead?: ReactNode }) {
  return (
    <>
      <Typography id={id} variant="h1" sx={{ textAlign: 'center', mb: lead ? 1 : 3 }}>
        {title}
      </Typography>
      {lead && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ textAlign: 'center', mb: 3, textWrap: 'balance', lineHeight: 1.8 }}
        >
          {lead}
        </Typography>
      )}
    </>
  );
}
