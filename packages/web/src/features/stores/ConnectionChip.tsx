import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { CONNECTION_STATUS_LABELS } from '@pharmalytics/domain';

/** The uploader's connection badge: 接続済み in green, 未接続 in grey. */
export function ConnectionChip({ connected }: { connected: boolean }) {
  return (
    <Chip
      size="small"
      label={connected ? CONNECTION_STATUS_LABELS.connected : CONNECTION_STATUS_LABELS.disconnected}
      icon={
        <Box
          component="span"
          sx={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            bgcolor: connected ? '#2e7d32' : 'grey.500',
            ml: '8px !important',
          }}
        />
      }
      sx={{
        fontWeight: 700,
        bgcolor: connected ? '#e8f5e9' : 'grey.100',
        color: connected ? '#1b5e20' : 'text.secondary',
        border: '1px solid',
        borderColor: connected ? '#a5d6a7' : 'grey.300',
      }}
    />
  );
}
