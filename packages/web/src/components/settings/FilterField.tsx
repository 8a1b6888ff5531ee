import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** The filter box above a settings table; filtering happens as the person types. */
export function FilterField({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
}) {
  return (
    <TextField
      type="search"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={placeholder}
      fullWidth={false}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ width: { xs: '100%', sm: 360 }, bgcolor: 'background.paper' }}
    />
  );
}

/** Case-insensitive match of a filter text against any of the values. */
export function matchesFilter(
  filter: string,
  values: readonly (string | null | undefined)[],
): boolean {
  const wanted = filter.trim().toLowerCase();
  if (!wanted) return true;
  return values.some((value) => value?.toLowerCase().includes(wanted));
}
