import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The last card of a detail screen: what deleting means, and the button that asks to confirm. */
export function DeleteCard({
  heading,
  warning,
  label,
  onDelete,
}: {
  heading: string;
  warning: string;
  /** The button's text. */
  label: string;
  /** Opens the confirmation dialog. */
  onDelete: () => void;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 3,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        flexWrap: 'wrap',
        borderColor: 'rgba(211, 47, 47, 0.35)',
      }}
    >
      <Box>
        <Typography variant="h3" component="h2" sx={{ mb: 0.5 }}>
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {warning}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        startIcon={<DeleteOutlinedIcon />}
        onClick={onDelete}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
    </Paper>
  );
}
