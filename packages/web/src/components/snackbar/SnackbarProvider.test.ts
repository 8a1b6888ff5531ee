import { describe, expect, it } from 'vitest';
import { autoHideFor } from './SnackbarProvider.tsx';

const message = (severity: 'success' | 'warning' | 'error') => ({ id: 1, message: 'm', severity });

describe('how long a snackbar message stays', () => {
  it('a warning stays until closed while nothing waits behind it', () => {
    expect(autoHideFor(message('warning'), 0)).toBeNull();
  });

  it('a warning gives way when another message waits', () => {
    expect(autoHideFor(message('warning'), 1)).toBe(6000);
  });

  it('successes and errors close by themselves', () => {
    expect(autoHideFor(message('success'), 0)).toBe(6000);
    expect(autoHideFor(message('error'), 0)).toBe(6000);
  });
});
