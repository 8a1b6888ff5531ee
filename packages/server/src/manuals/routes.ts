import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { manualContracts, PRODUCT_NAME } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marked } from 'marked';
import { contractRoute } from '../http/contract-route.ts';
import { notFound } from '../http/errors.ts';
import { access } from '../access/access-policy.ts';

const DOCS = fileURLToPath(new URL('../../../../docs/', import.meta.url));

/** The manuals of the initial-setup page, each made of one or more documents under docs/. */
export const MANUALS: Record<string, { title: string; files: string[] }> = {
  preparation: { title: '導入準備マニュアル', files: ['manuals/preparation.md'] },
  'initial-setup': { title: '初期設定マニュアル', files: ['manuals/initial-setup.md'] },
  'receipt-file': {
    title: 'レセプト電算処理ファイル連携マニュアル',
    files: ['manuals/receipt-file.md'],
  },
  // The request form a pharmacy hands its receipt-computer vendor: a cover letter and the format.
  'output-setting-request': {
    title: '出力設定依頼書',
    files: ['manuals/output-setting-request.md', 'data-format.md'],
  },
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}｜${PRODUCT_NAME}</title>
<style>
body{margin:0;background:#f4f7f7;color:#263238;font:15px/1.8 'Noto Sans JP','Hiragino Sans',sans-serif}
main{max-width:880px;margin:32px auto;padding:40px 48px;background:#fff;border-radius:8px}
h1{color:#00796b;font-size:24px;border-bottom:2px solid #00796b;padding-bottom:8px}
h2{font-size:18px;margin-top:32px;color:#004d40}
table{border-collapse:collapse;width:100%;margin:12px 0;font-size:14px}
th,td{border:1px solid #cfd8dc;padding:6px 10px;text-align:left;vertical-align:top}
th{background:#e0f2f1}
code{background:#eceff1;padding:1px 4px;border-radius:3px;font-size:13px}
pre{background:#263238;color:#eceff1;padding:12px;overflow-x:auto;font-size:12px}
pre code{background:none;padding:0}
hr{border:none;border-top:1px dashed #b0bec5;margin:40px 0}
@media print{body{background:#fff}main{margin:0;padding:0}}
</style></head><body><main>${body}</main></body></html>`;
}

export function manualRoutes(): FastifyPluginAsyncZod {
  return async (app) => {
    contractRoute(app, manualContracts.get, { access: access.public }, async (request, reply) => {
      // Own keys only: '__proto__' or 'toString' name no manual.
      const { name } = request.params;
      const manual = Object.hasOwn(MANUALS, name) ? MANUALS[name] : undefined;
      if (!manual) throw notFound('no such manual');
      const markdown = manual.files.map((f) => readFileSync(DOCS + f, 'utf8')).join('\n\n');
      const html = page(manual.title, await marked.parse(markdown));
      if (request.query.download) {
        const fileName = `${PRODUCT_NAME}_${manual.title}.html`;
        reply.header(
          'Content-Disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        );
      }
      return reply.type('text/html; charset=utf-8').send(html);
    });
  };
}
