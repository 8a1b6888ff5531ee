import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { visuallyHidden } from '../visuallyHidden.ts';

export interface NumberRadioGroupProps<T extends number> {
  label: string;
  /** Kept for assistive technology only, where a heading nearby already says it. */
  hideLabel?: boolean;
  options: readonly { value: T; text: string }[];
  value: T;
  onChange: (value: T) => void;
  row?: boolean;
}

/** Labelled radio buttons over numeric values (time axis, comparison, address mode…). */
export function NumberRadioGroup<T extends number>({
  label,
  hideLabel = false,
  options,
  value,
  onChange,
  row = false,
}: NumberRadioGroupProps<T>) {
  const labelId = useId();
  return (
    <FormControl>
      <FormLabel id={labelId} sx={hideLabel ? visuallyHidden : { fontSize: 12, fontWeight: 700 }}>
        {label}
      </FormLabel>
      <RadioGroup
        row={row}
        aria-labelledby={labelId}
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as T)}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio size="small" />}
            label={option.text}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
