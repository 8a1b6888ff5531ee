import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  FACILITY_PAGE_TEXTS,
  FACILITY_RULE_SETS,
  FACILITY_STANDARDS_LABELS as L,
  facilityMonthText,
} from '@pharmalytics/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RuleName, Unconfirmed } from './marks.tsx';
import {
  type DecidingClause,
  type FeeView,
  type GenericView,
  type ReductionView,
  type StoreCardModel,
} from './model.ts';
import { Sparkline } from './Sparkline.tsx';

/** The search of the page showing one store's detail. */
export const storeSearch = (storeCode: string) =>
  `?${new URLSearchParams({ store: storeCode }).toString()}`;

function Line({
  children,
  tone,
  bold = false,
}: {
  children: React.ReactNode;
  tone?: 'warning' | 'muted';
  bold?: boolean;
}) {
  return (
    <Typography
      variant="body2"
      component="p"
      sx={{
        color: tone === 'warning' ? 'error.dark' : tone === 'muted' ? 'text.secondary' : undefined,
        fontWeight: bold ? 700 : undefined,
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {children}
    </Typography>
  );
}

function Reduction({ reduction }: { reduction: ReductionView | null }) {
  if (!reduction) return null;
  if (!reduction.rule) return <Line tone="muted">{reduction.undecidedText}</Line>;
  return (
    <Line tone="warning" bold>
      <RuleName rule={reduction.rule} />
      {reduction.stakeText && (
        <Box component="span" sx={{ fontWeight: 400 }}>
          {' '}
          {reduction.stakeText}
        </Box>
      )}
    </Line>
  );
}

function Deemed({ texts }: { texts: readonly string[] }) {
  if (texts.length === 0) return null;
  return (
    <Line tone="muted">
      {FACILITY_PAGE_TEXTS.deemedStatuses}: {texts.join('、')}
    </Line>
  );
}

function Fee({
  label,
  fee,
  tone,
  changeText,
}: {
  label: string;
  fee: FeeView;
  tone?: 'worse' | 'better';
  changeText?: string | null;
}) {
  return (
    <Box
      sx={{
        pl: 1.5,
        borderLeft: 4,
        borderColor:
          tone === 'worse' ? 'warning.main' : tone === 'better' ? 'primary.main' : 'divider',
        bgcolor: tone === 'worse' ? 'rgba(237, 108, 2, 0.08)' : undefined,
        py: 0.5,
        display: 'grid',
        gap: 0.25,
        alignContent: 'start',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
        {fee.rule ? <RuleName rule={fee.rule} /> : L.undecidable}
        {fee.rule && fee.byDefault && (
          <Box
            component="span"
            sx={{ fontWeight: 400, fontSize: '0.8rem', color: 'text.secondary' }}
          >
            {L.byDefault}
          </Box>
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p">
        {fee.periodText}
      </Typography>
      {tone && (
        <Line bold>
          <Box component="span" sx={{ color: tone === 'worse' ? 'error.dark' : 'primary.dark' }}>
            {tone === 'worse' ? L.worse : L.better}
          </Box>
          {changeText && (
            <Box component="span" sx={{ fontWeight: 400 }}>
              （{changeText}）
            </Box>
          )}
        </Line>
      )}
      {fee.stakeText && <Line tone="muted">{fee.stakeText}</Line>}
      <Reduction reduction={fee.locationReduction} />
      <Deemed texts={fee.deemed} />
      {fee.undecidedText && fee.rule && <Line tone="warning">{fee.undecidedText}</Line>}
      {fee.missingText && <Line tone="warning">{fee.missingText}</Line>}
    </Box>
  );
}

function GenericLine({ label, generic }: { label: string; generic: GenericView | null }) {
  if (!generic) return null;
  return (
    <Box component="li" sx={{ display: 'grid', gap: 0.25 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography variant="caption" color="text.secondary" sx={{ minWidth: 56 }}>
          {label}（{facilityMonthText(generic.appliesMonth)}〜）
        </Typography>
        <Typography variant="body2" component="span" sx={{ fontWeight: 700 }}>
          {generic.tier ? (
            <RuleName rule={generic.tier} />
          ) : generic.tierUndecided ? (
            L.ruleUndecided
          ) : (
            L.noTier
          )}
        </Typography>
      </Box>
      <Box sx={{ pl: 1.5, display: 'grid', gap: 0.25 }}>
        {generic.pointsNote && <Line tone="muted">{generic.pointsNote}</Line>}
        {generic.shareText && (
          <Line>
            {generic.shareText}
            {generic.shareUnconfirmedText && <Unconfirmed text={generic.shareUnconfirmedText} />}
          </Line>
        )}
        {generic.stakeText && <Line tone="muted">{generic.stakeText}</Line>}
        <Deemed texts={generic.deemed} />
        {generic.undecidedText && <Line tone="warning">{generic.undecidedText}</Line>}
        {generic.missingText && <Line tone="warning">{generic.missingText}</Line>}
        <Reduction reduction={generic.reduction} />
      </Box>
    </Box>
  );
}

function Clause({ clause }: { clause: DecidingClause }) {
  return (
    <Box component="li" sx={{ mb: 0.5 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        <RuleName rule={clause.rule} /> — {clause.verdictText}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {clause.conditions.map((c) => (
          <Typography
            key={c.text}
            component="li"
            variant="body2"
            sx={{
              fontVariantNumeric: 'tabular-nums',
              color: c.near ? 'error.dark' : undefined,
              fontWeight: c.near ? 700 : undefined,
            }}
          >
            {c.text}
            {c.unconfirmed && c.unconfirmedText && <Unconfirmed text={c.unconfirmedText} />}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** One store: its 区分 now and next June, its generic tier, what decides them, its trend. */
export function StoreCard({ card, linked = true }: { card: StoreCardModel; linked?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const tone = card.change === 'worse' || card.change === 'better' ? card.change : undefined;
  const first = card.trend[0]?.month;
  const last = card.trend.at(-1)?.month;
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={linked ? headingId : undefined}
      aria-label={linked ? undefined : card.storeName}
      data-testid={linked ? 'facility-store-card' : 'facility-store-summary'}
      sx={{
        p: 2,
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        ...(linked && {
          transition: 'box-shadow 0.15s',
          '&:hover': { boxShadow: 3 },
          '&:focus-within': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }),
      }}
    >
      {linked && (
        <Typography id={headingId} variant="h2" sx={{ fontSize: '1.1rem', fontWeight: 700 }}>
          <Link
            component={RouterLink}
            to={storeSearch(card.storeCode)}
            state={{ fromList: true }}
            underline="hover"
            color="inherit"
            sx={{
              '&::after': { content: '""', position: 'absolute', inset: 0 },
              '&:focus-visible': { outline: 'none' },
            }}
          >
            {card.storeName}
          </Link>
        </Typography>
      )}
      {card.empty ? (
        <Alert severity="info" variant="outlined">
          {L.noData}
        </Alert>
      ) : (
        <>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {card.current ? (
              <Fee label={L.currentFee} fee={card.current} />
            ) : (
              <Box sx={{ pl: 1.5, borderLeft: 4, borderColor: 'divider', py: 0.5 }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  {L.currentFee}
                </Typography>
                <Typography variant="body2">{L.noPreviousPeriod}</Typography>
              </Box>
            )}
            {card.projected && (
              <Fee
                label={L.projectedFee}
                fee={card.projected}
                tone={tone}
                changeText={card.changeText}
              />
            )}
          </Box>
          {card.keepText && (
            <Alert severity="warning" sx={{ py: 0 }}>
              {card.keepText}
            </Alert>
          )}
          <Box>
            <Typography variant="subtitle2" component="h3">
              {FACILITY_RULE_SETS.generic_tier}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              <GenericLine label={L.genericNow} generic={card.generic.current} />
              <GenericLine label={L.genericAhead} generic={card.generic.projected} />
            </Box>
          </Box>
          {card.deciding.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3">
                {L.deciding}
              </Typography>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {card.deciding.map((clause) => (
                  <Clause key={`${clause.rule.code}-${clause.clause}`} clause={clause} />
                ))}
              </Box>
            </Box>
          )}
          <Box>
            <Typography variant="caption" color="text.secondary" component="p">
              {L.trendSparkline}
            </Typography>
            <Sparkline
              points={card.trend}
              label={t('facilityStandards.sparkline', {
                store: card.storeName,
                from: first ? facilityMonthText(first) : '',
                to: last ? facilityMonthText(last) : '',
              })}
            />
          </Box>
        </>
      )}
      {linked && (
        <Box
          aria-hidden="true"
          sx={{ mt: 'auto', display: 'flex', justifyContent: 'flex-end', color: 'primary.main' }}
        >
          <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {t('facilityStandards.openDetail')}
            <ArrowForwardIcon fontSize="small" />
          </Typography>
        </Box>
      )}
    </Paper>
  );
}
