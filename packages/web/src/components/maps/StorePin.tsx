import Box from '@mui/material/Box';

/** The orange pin of a store on a map, its point at the bottom centre. */
export function StorePin({ draggable = false }: { draggable?: boolean }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 44"
      aria-hidden="true"
      sx={{
        width: 32,
        height: 44,
        display: 'block',
        cursor: draggable ? 'grab' : 'default',
        filter: 'drop-shadow(0 2px 3px rgba(0,0,0,0.35))',
      }}
    >
      <path
        d="M16 0C7.2 0 0 7.2 0 16c0 11.6 16 28 16 28s16-16.4 16-28C32 7.2 24.8 0 16 0z"
        fill="#f57c00"
      />
      <circle cx="16" cy="16" r="6.5" fill="#ffffff" />
    </Box>
  );
}
