import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The h1 of a signed-in page, with optional actions on the right. */
export function PageHeading({
  title,
  actions,
  id,
}: {
  title: string;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
        flexWrap: 'wrap',
      }}
    >
      <Typography id={id} variant="h1">
        {title}
      </Typography>
      {actions}
    </Box>
  );
}
