import {
  FACILITY_ALERT_TEXTS,
  PRESCRIBER_NOTICE_LABELS,
  type PrescriberNotice,
  metricTotalsText,
  periodText,
  PRODUCT_NAME,
  type DateRange,
  type FacilityAlert,
} from '@pharmalytics/domain';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml, MAIL_SIGNATURE } from '../mail/templates.ts';
import type { ReportLine } from './dashboard-report.ts';

export interface ReportMail {
  to: string;
  corporationName: string;
  memberName: string;
  base: DateRange;
  comparison: DateRange;
  comparisonLabel: string;
  storeNames: string[];
  lines: ReportLine[];
  dashboardUrl: string;
  unsubscribeUrl: string;
  /** The 施設基準 alerts of an administrator's stores; none for other members. */
  alerts?: readonly FacilityAlert[];
  /** The strongest prescriber changes of an administrator's stores (処方元の変化). */
  prescriberNotices?: readonly PrescriberNotice[];
  prescriberChangesUrl?: string;
  facilityStandardsUrl?: string;
}

/** The dashboard report mail: plain text and HTML with the same figures and conditions. */
export function dashboardReportMail(m: ReportMail): MailMessage {
  const subject = `【${PRODUCT_NAME}】ダッシュボードレポート（${periodText(m.base)}）`;
  const conditions = [
    `期間: ${periodText(m.base)}`,
    `比較期間: ${periodText(m.comparison)}（${m.comparisonLabel}）`,
    `対象店舗: ${m.storeNames.join('、')}（${m.storeNames.length}店舗）`,
  ];
  const rows = m.lines.map((l) => {
    const figures = metricTotalsText(l.unit, l.source, l.destination, l.comparisonComplete);
    return {
      label: l.label,
      source: figures.base,
      destination: figures.comparison,
      change: figures.change,
      note: figures.note,
    };
  });
  // The comparison of a mail covers one set of stores: one note for every line.
  const notes = [...new Set(rows.flatMap((r) => (r.note ? [r.note] : [])))];
  const alerts = m.alerts ?? [];
  const alertText =
    alerts.length === 0
      ? []
      : [
          `■ ${FACILITY_ALERT_TEXTS.heading}`,
          ...alerts.map((a) => `・${a.message}`),
          ...(m.facilityStandardsUrl
            ? [`${FACILITY_ALERT_TEXTS.link}: ${m.facilityStandardsUrl}`]
            : []),
          '',
        ];
  const notices = m.prescriberNotices ?? [];
  const noticeText =
    notices.length === 0
      ? []
      : [
          `■ ${PRESCRIBER_NOTICE_LABELS.heading}`,
          ...notices.map((n) => `・${n.storeName}：${n.text}`),
          ...(m.prescriberChangesUrl
            ? [`${PRESCRIBER_NOTICE_LABELS.link}: ${m.prescriberChangesUrl}`]
            : []),
          '',
        ];
  const text = [
    `${m.corporationName}`,
    `${m.memberName} 様`,
    '',
    'ダッシュボードのレポートをお届けします。',
    '',
    ...conditions,
    '',
    ...rows.map((r) => `${r.label}: ${r.source}（比較 ${r.destination}、増減 ${r.change}）`),
    ...notes.map((note) => `※ ${note}`),
    '',
    ...alertText,
    ...noticeText,
    `ダッシュボード: ${m.dashboardUrl}`,
    '',
    'このメールの配信を停止するには、次のURLを開いてください。',
    m.unsubscribeUrl,
    '',
    '--',
    ...MAIL_SIGNATURE,
    '',
  ].join('\n');
  const cell = 'padding:8px 12px;border-bottom:1px solid #e0e0e0';
  const html = `<!doctype html>
<html lang="ja"><body style="margin:0;padding:24px;background:#f4f7f7;font-family:'Hiragino Sans','Noto Sans JP',sans-serif;color:#263238">
<div style="max-width:640px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 8px;font-size:20px;color:#00796b">${PRODUCT_NAME} ダッシュボードレポート</h1>
<p style="margin:0 0 16px">${escapeHtml(m.corporationName)}<br>${escapeHtml(m.memberName)} 様</p>
<ul style="margin:0 0 16px;padding-left:20px;font-size:14px">${conditions.map((c) => `<li>${escapeHtml(c)}</li>`).join('')}</ul>
<table style="width:100%;border-collapse:collapse;font-size:14px">
<thead><tr><th style="${cell};text-align:left">指標</th><th style="${cell};text-align:right">当期</th><th style="${cell};text-align:right">比較期間</th><th style="${cell};text-align:right">増減</th></tr></thead>
<tbody>${rows
    .map(
      (r) =>
        `<tr><td style="${cell}">${escapeHtml(r.label)}</td><td style="${cell};text-align:right">${escapeHtml(r.source)}</td><td style="${cell};text-align:right">${escapeHtml(r.destination)}</td><td style="${cell};text-align:right">${escapeHtml(r.change)}</td></tr>`,
    )
    .join('')}</tbody></table>
${notes.map((note) => `<p style="margin:8px 0 0;font-size:12px;color:#607d8b">※ ${escapeHtml(note)}</p>`).join('')}
${alertHtml(alerts, m.facilityStandardsUrl)}${noticeHtml(notices, m.prescriberChangesUrl)}<p style="margin:24px 0"><a href="${escapeHtml(m.dashboardUrl)}" style="display:inline-block;padding:12px 24px;background:#00796b;color:#fff;text-decoration:none;border-radius:4px">ダッシュボードを開く</a></p>
<hr style="border:none;border-top:1px solid #e0e0e0">
<p style="margin:12px 0 0;font-size:12px;color:#90a4ae">このメールの配信を停止するには <a href="${escapeHtml(m.unsubscribeUrl)}">こちら</a> を開いてください。<br>${MAIL_SIGNATURE.map(escapeHtml).join('<br>')}</p>
</div></body></html>`;
  return { to: m.to, subject, text, html };
}

function noticeHtml(notices: readonly PrescriberNotice[], url: string | undefined): string {
  if (notices.length === 0) return '';
  const link = url
    ? `<p style="margin:0;font-size:14px"><a href="${escapeHtml(url)}">${escapeHtml(PRESCRIBER_NOTICE_LABELS.link)}</a></p>`
    : '';
  return `<h2 style="margin:24px 0 8px;font-size:16px;color:#00796b">${escapeHtml(PRESCRIBER_NOTICE_LABELS.heading)}</h2>
<ul style="margin:0 0 8px;padding-left:20px;font-size:14px">${notices.map((n) => `<li>${escapeHtml(`${n.storeName}：${n.text}`)}</li>`).join('')}</ul>
${link}`;
}

function alertHtml(alerts: readonly FacilityAlert[], url: string | undefined): string {
  if (alerts.length === 0) return '';
  const link = url
    ? `<p style="margin:0;font-size:14px"><a href="${escapeHtml(url)}">${escapeHtml(FACILITY_ALERT_TEXTS.link)}</a></p>`
    : '';
  return `<h2 style="margin:24px 0 8px;font-size:16px;color:#00796b">${escapeHtml(FACILITY_ALERT_TEXTS.heading)}</h2>
<ul style="margin:0 0 8px;padding-left:20px;font-size:14px">${alerts.map((a) => `<li>${escapeHtml(a.message)}</li>`).join('')}</ul>
${link}`;
}
