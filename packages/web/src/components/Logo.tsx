import Box from '@mui/material/Box';
import { PRODUCT_NAME } from '@pharmalytics/domain';

export interface LogoProps {
  /** 'dark' draws white text for dark backgrounds. */
  tone?: 'light' | 'dark';
  size?: 'small' | 'medium' | 'large';
  /** The mark alone on phones (below `sm`), where the header has no room for the name. */
  markOnlyOnPhones?: boolean;
}

const HEIGHTS = { small: 28, medium: 32, large: 44 } as const;

/** The product mark and word mark. Decorative: callers label the link around it. */
export function Logo({ tone = 'light', size = 'medium', markOnlyOnPhones = false }: LogoProps) {
  const height = HEIGHTS[size];
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, lineHeight: 1 }}
      aria-hidden="true"
    >
      <svg width={height} height={height} viewBox="0 0 64 64" focusable="false">
        <rect width="64" height="64" rx="14" fill="#00897b" />
        <rect x="14" y="36" width="8" height="14" rx="2" fill="#ffffff" />
        <rect x="28" y="26" width="8" height="24" rx="2" fill="#ffffff" />
        <rect x="42" y="16" width="8" height="34" rx="2" fill="#ff9800" />
        <path
          d="M14 28 L30 18 L38 22 L52 12"
          fill="none"
          stroke="#ffffff"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <Box
        component="span"
        sx={{
          display: markOnlyOnPhones ? { xs: 'none', sm: 'inline' } : 'inline',
          fontWeight: 800,
          letterSpacing: '0.02em',
          fontSize: height * 0.62,
          color: tone === 'dark' ? '#ffffff' : 'primary.dark',
          fontFamily: "'Noto Sans JP', 'Hiragino Sans', sans-serif",
        }}
      >
        {PRODUCT_NAME}
      </Box>
    </Box>
  );
}
