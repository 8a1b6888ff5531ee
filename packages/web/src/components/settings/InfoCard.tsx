import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Children, useId, type ReactNode } from 'react';

/** The heading row of a settings card: its title and, on the right, an optional action. */
export function CardTitleBar({
  id,
  title,
  action,
}: {
  id: string;
  title: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        px: 3,
        py: 1.75,
        minHeight: 60,
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <Typography id={id} variant="h2" component="h2" sx={{ fontSize: '1.0625rem' }}>
        {title}
      </Typography>
      {action}
    </Box>
  );
}

/** An outlined card with a heading row (title, optional action) and its content. */
export function InfoCard({
  title,
  action,
  children,
  component = 'section',
}: {
  title: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  component?: 'section' | 'div';
}) {
  const headingId = useId();
  return (
    <Paper
      variant="outlined"
      component={component}
      aria-labelledby={component === 'section' ? headingId : undefined}
    >
      <CardTitleBar id={headingId} title={title} action={action} />
      {children}
    </Paper>
  );
}

/** Style of a description list whose term and description groups are separated by lines. */
export const DIVIDED_ROWS = {
  m: 0,
  '& > div + div': { borderTop: 1, borderColor: 'divider' },
} as const;

/** Label and value rows of a card, separated by dividers (a description list). */
export function InfoList({ children }: { children: ReactNode }) {
  // A description list may hold only term and description groups, so the rows are divided by
  // their borders rather than by separator elements.
  return (
    <Box component="dl" sx={DIVIDED_ROWS}>
      {Children.toArray(children).filter(Boolean)}
    </Box>
  );
}

export function InfoRow({
  label,
  children,
  action,
  labelWidth = 200,
}: {
  label: string;
  children: ReactNode;
  action?: ReactNode;
  labelWidth?: number;
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: `${labelWidth}px 1fr auto` },
        alignItems: 'center',
        columnGap: 3,
        rowGap: 0.5,
        px: 3,
        py: 1.75,
        minHeight: 56,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere', lineHeight: 1.7 }}
      >
        {children}
      </Typography>
      {action && (
        <Box component="dd" sx={{ m: 0, justifySelf: { xs: 'start', sm: 'end' } }}>
          {action}
        </Box>
      )}
    </Box>
  );
}
