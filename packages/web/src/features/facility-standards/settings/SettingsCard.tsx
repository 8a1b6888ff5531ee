import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { InfoCard } from '../../../components/settings/index.ts';

/** A section of the screen: a card with its title, a sentence on what it is for, and content. */
export function SettingsCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <InfoCard title={title}>
      <Box sx={{ px: 3, py: 2.5, display: 'grid', gap: 2.5 }}>
        <Typography variant="body2" color="text.secondary">
          {lead}
        </Typography>
        {children}
      </Box>
    </InfoCard>
  );
}
