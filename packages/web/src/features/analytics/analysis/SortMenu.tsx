import CheckIcon from '@mui/icons-material/Check';
import SortIcon from '@mui/icons-material/Sort';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { AGE_SORT_OPTIONS, type AgeSortValue } from '@pharmalytics/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The age page's sort menu, opened by an icon (spec 02 §2.2, §9). */
export function SortMenu({
  value,
  onChange,
}: {
  value: AgeSortValue;
  onChange: (value: AgeSortValue) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = AGE_SORT_OPTIONS.find((o) => o.value === value)!;
  const label = t('analysis.sortButton', { order: current.label });
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <SortIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {AGE_SORT_OPTIONS.map((option) => (
          <MenuItem
            key={option.value}
            selected={option.value === value}
            role="menuitemradio"
            aria-checked={option.value === value}
            onClick={() => {
              onChange(option.value);
              setAnchor(null);
            }}
          >
            <ListItemIcon sx={{ minWidth: 28 }}>
              {option.value === value && <CheckIcon fontSize="small" />}
            </ListItemIcon>
            {option.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
