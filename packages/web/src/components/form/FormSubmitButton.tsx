import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The full-width submit button of the menu-less forms, spinning while the form is sent. */
export function FormSubmitButton({ loading, children }: { loading: boolean; children: ReactNode }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={loading}
      sx={{ mt: '16px !important' }}
    >
      {children}
    </Button>
  );
}
