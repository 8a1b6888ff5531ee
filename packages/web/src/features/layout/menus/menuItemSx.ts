/** A side-menu link: rounded, inset, filled with the primary colour on the current page. */
export const MENU_ITEM_SX = {
  borderRadius: 1.5,
  mx: 1,
  my: 0.25,
  '&.Mui-selected': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '& .MuiListItemIcon-root': { color: 'inherit' },
    '&:hover': { bgcolor: 'primary.dark' },
  },
  '&.Mui-disabled': { opacity: 0.55 },
} as const;
