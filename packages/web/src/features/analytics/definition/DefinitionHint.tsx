import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/**
 * An info icon whose tooltip says how a figure is counted: shown on hover and on keyboard focus,
 * and read out as the icon's description.
 */
export function DefinitionHint({ label, definition }: { label: string; definition: string }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={definition} describeChild arrow placement="top" enterTouchDelay={0}>
      <IconButton
        size="small"
        aria-label={t('figures.definitionOf', { label })}
        sx={{ p: 0.25, color: 'text.secondary' }}
      >
        <InfoOutlinedIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
