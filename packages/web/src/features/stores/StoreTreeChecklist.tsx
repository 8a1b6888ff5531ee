import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@pharmalytics/domain';
import { allStoresOf, checkState, toggleGroup, toggleStore, type StoreAreas } from './storeTree.ts';

export interface StoreTreeChecklistProps {
  tree: StoreAreas;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
  /** Label of the checkbox that selects every store. */
  allLabel: string;
  selectedText: (count: number, total: number) => string;
  prefectureCountText: (count: number, total: number) => string;
  /** The list scrolls within this height (the all-stores row stays above it). */
  maxHeight?: number;
  listTestId?: string;
}

/**
 * Area > prefecture > store checkboxes under an all-stores row: a prefecture's checkbox selects
 * or clears all its stores and is checked when all are, indeterminate when some are.
 */
export function StoreTreeChecklist({
  tree,
  selected,
  onChange,
  allLabel,
  selectedText,
  prefectureCountText,
  maxHeight,
  listTestId,
}: StoreTreeChecklistProps) {
  const everyStore = allStoresOf(tree);
  const allState = checkState(everyStore, selected);
  return (
    <>
      <Box
        sx={{
          px: 3,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          bgcolor: '#f7faf9',
          borderBottom: '1px solid',
          borderColor: 'divider',
          position: 'sticky',
          top: 0,
          zIndex: 1,
        }}
      >
        <FormControlLabel
          label={allLabel}
          control={
            <Checkbox
              checked={allState === 'all'}
              indeterminate={allState === 'some'}
              onChange={() => onChange(toggleGroup(everyStore, selected))}
            />
          }
          sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
        />
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {selectedText(selected.size, everyStore.length)}
        </Typography>
      </Box>
      <Box data-testid={listTestId} sx={{ maxHeight, overflowY: 'auto', px: 3, py: 2 }}>
        {everyStore.length === 0 ? (
          <Typography color="text.secondary">{MESSAGES.noData}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 2.5 }}>
            {tree.map((area) => (
              <Box key={area.areaName} component="section" aria-label={area.areaName}>
                <Typography
                  component="h3"
                  sx={{
                    fontSize: 12,
                    fontWeight: 800,
                    letterSpacing: '0.08em',
                    color: 'primary.dark',
                    mb: 1,
                  }}
                >
                  {area.areaName}
                </Typography>
                <Box sx={{ display: 'grid', gap: 1.5 }}>
                  {area.prefectures.map((prefecture) => {
                    const state = checkState(prefecture.stores, selected);
                    const count = prefecture.stores.filter((s) => selected.has(s.storeCode)).length;
                    return (
                      <Box
                        key={prefecture.prefectureId}
                        role="group"
                        aria-label={prefecture.name}
                        sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
                      >
                        <Box
                          sx={{
                            px: 1.5,
                            display: 'flex',
                            alignItems: 'center',
                            justifyContent: 'space-between',
                            borderBottom: '1px solid',
                            borderColor: 'divider',
                            bgcolor: state === 'none' ? 'transparent' : 'rgba(0, 137, 123, 0.06)',
                          }}
                        >
                          <FormControlLabel
                            label={prefecture.name}
                            control={
                              <Checkbox
                                checked={state === 'all'}
                                indeterminate={state === 'some'}
                                onChange={() => onChange(toggleGroup(prefecture.stores, selected))}
                              />
                            }
                            sx={{ '& .MuiFormControlLabel-label': { fontWeight: 700 } }}
                          />
                          <Typography variant="caption" color="text.secondary">
                            {prefectureCountText(count, prefecture.stores.length)}
                          </Typography>
                        </Box>
                        <Box
                          sx={{
                            px: 1.5,
                            py: 0.5,
                            display: 'grid',
                            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                          }}
                        >
                          {prefecture.stores.map((store) => (
                            <FormControlLabel
                              key={store.storeCode}
                              label={store.name}
                              control={
                                <Checkbox
                                  size="small"
                                  checked={selected.has(store.storeCode)}
                                  onChange={() => onChange(toggleStore(store.storeCode, selected))}
                                />
                              }
                              sx={{ ml: 2, '& .MuiFormControlLabel-label': { fontSize: 14 } }}
                            />
                          ))}
                        </Box>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </>
  );
}
