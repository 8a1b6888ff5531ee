import Box from '@mui/material/Box';
import { MESSAGES } from '@pharmalytics/domain';

/**
 * A value, or a muted placeholder when it is empty: 未入力 for a field left empty, 未設定 (with
 * `notSet`) for a setting not made yet.
 */
export function ValueOr({
  value,
  notSet = false,
}: {
  value: string | null | undefined;
  notSet?: boolean;
}) {
  if (value != null && value.trim() !== '') return <>{value}</>;
  return (
    <Box component="span" sx={{ color: 'text.disabled' }}>
      {notSet ? MESSAGES.notSet : MESSAGES.notEntered}
    </Box>
  );
}
