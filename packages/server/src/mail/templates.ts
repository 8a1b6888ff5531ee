import { PRODUCT_NAME } from '@pharmalytics/domain';
import type { MailMessage } from './mailer.ts';

interface LinkMail {
  to: string;
  subject: string;
  lead: string[];
  link: string;
  linkLabel: string;
  validity: string;
  ignoreNote: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The closing lines of every mail. */
export const MAIL_SIGNATURE = [
  `${PRODUCT_NAME} サポート`,
  '※このメールは送信専用です。ご返信いただいてもお答えできません。',
];

/** One layout for every mail that carries a link: plain text and HTML with the same words. */
function linkMail(m: LinkMail): MailMessage {
  const text = [
    ...m.lead,
    '',
    `${m.linkLabel}:`,
    m.link,
    '',
    `このリンクの有効期限は${m.validity}です。`,
    m.ignoreNote,
    '',
    '--',
    ...MAIL_SIGNATURE,
    '',
  ].join('\n');
  const paragraphs = m.lead
    .map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`)
    .join('');
  const html = `<!doctype html>
<html lang="ja"><body style="margin:0;padding:24px;background:#f4f7f7;font-family:'Hiragino Sans','Noto Sans JP',sans-serif;color:#263238">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#00796b">${PRODUCT_NAME}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${escapeHtml(m.link)}" style="display:inline-block;padding:12px 24px;background:#00796b;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(m.linkLabel)}</a></p>
<p style="margin:0 0 12px;font-size:13px;word-break:break-all">ボタンが押せない場合は、次のURLをブラウザに貼り付けてください。<br>${escapeHtml(m.link)}</p>
<p style="margin:0 0 12px;font-size:13px">このリンクの有効期限は${escapeHtml(m.validity)}です。</p>
<p style="margin:0 0 24px;font-size:13px;color:#607d8b">${escapeHtml(m.ignoreNote)}</p>
<hr style="border:none;border-top:1px solid #e0e0e0">
<p style="margin:12px 0 0;font-size:12px;color:#90a4ae">${MAIL_SIGNATURE.map(escapeHtml).join('<br>')}</p>
</div></body></html>`;
  return { to: m.to, subject: m.subject, text, html };
}

export function signUpVerificationMail(to: string, link: string, validHours: number): MailMessage {
  return linkMail({
    to,
    subject: `【${PRODUCT_NAME}】利用申込のメールアドレス確認`,
    lead: [
      `${PRODUCT_NAME}の利用申込をいただき、ありがとうございます。`,
      '下のリンクからアカウント情報を入力して、お申込みを完了してください。',
    ],
    link,
    linkLabel: 'アカウント情報を入力する',
    validity: `${validHours}時間`,
    ignoreNote: 'このメールにお心当たりのない場合は、破棄してください。お申込みは完了しません。',
  });
}

export function passwordResetMail(to: string, link: string, validMinutes: number): MailMessage {
  return linkMail({
    to,
    subject: `【${PRODUCT_NAME}】パスワード再設定のご案内`,
    lead: [
      'パスワード再設定のお手続きを受け付けました。',
      '下のリンクから新しいパスワードを設定してください。',
    ],
    link,
    linkLabel: 'パスワードを再設定する',
    validity: `${validMinutes / 60}時間`,
    ignoreNote:
      'このメールにお心当たりのない場合は、破棄してください。パスワードは変更されません。',
  });
}

export function invitationMail(
  to: string,
  link: string,
  corporationName: string,
  inviterName: string | undefined,
  validHours: number,
): MailMessage {
  return linkMail({
    to,
    subject: `【${PRODUCT_NAME}】${corporationName}からの招待`,
    lead: [
      `${inviterName ? `${inviterName}様から、` : ''}${corporationName}の${PRODUCT_NAME}アカウントへの招待が届いています。`,
      '下のリンクからアカウントを登録してください。',
    ],
    link,
    linkLabel: 'アカウントを登録する',
    validity: `${validHours}時間`,
    ignoreNote:
      'このメールにお心当たりのない場合は、破棄してください。アカウントは作成されません。',
  });
}
