import { z } from 'zod';
import { INPUT_LIMITS } from '../constants.ts';
import { FIELD_LABELS, V } from '../messages.ts';
import { boundedText, decimalCode, idParam, stop } from '../schemas/primitives.ts';
import { endpoint } from './endpoint.ts';

const UPLOAD_FORMATS = ['pharmalytics-csv', 'uke', 'unknown'] as const;

/** A line of an uploaded file that was not loaded, and why (Japanese, names the column). */
export const rejectedLineSchema = z.object({
  lineNo: z.number().int(),
  reason: z.string(),
  raw: z.string(),
});
export type RejectedLine = z.infer<typeof rejectedLineSchema>;

/** What the uploader learns of a file it sent (200 when taken, 422 when it failed). */
export const uploadResultSchema = z.object({
  uploadId: z.number().int(),
  status: z.enum(['loaded', 'duplicate', 'failed']),
  format: z.enum(UPLOAD_FORMATS).nullable(),
  prescriptionsLoaded: z.number().int(),
  rowsRefused: z.number().int(),
  message: z.string().nullable(),
  /** The first refused lines. */
  rejected: z.array(rejectedLineSchema),
  /** For a duplicate: the upload that loaded the same content. */
  duplicateOf: z.number().int().optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** The upload history of a store, newest first. */
export const uploadHistorySchema = z.object({
  /** ISO 8601; null before the uploader's first contact. */
  lastContactAt: z.string().nullable(),
  uploads: z.array(
    z.object({
      id: z.number().int(),
      fileName: z.string(),
      format: z.enum(UPLOAD_FORMATS).nullable(),
      status: z.enum(['received', 'loaded', 'duplicate', 'failed']),
      prescriptionsLoaded: z.number().int(),
      rowsRefused: z.number().int(),
      message: z.string().nullable(),
      /** ISO 8601 */
      receivedAt: z.string(),
      sizeBytes: z.number().int(),
    }),
  ),
});
export type UploadHistory = z.infer<typeof uploadHistorySchema>;

const storeParams = z.object({
  storeCode: decimalCode(FIELD_LABELS.storeCode, INPUT_LIMITS.storeCodeDigits),
});

/** The uploader's API (HTTP Basic with the store's user name and key) and the upload history. */
export const ingestionContracts = {
  contact: endpoint({
    method: 'POST',
    path: '/uploader/v1/contact',
    tag: 'uploader',
    summary: 'The uploader reports in; answers the store it uploads for',
    responses: { 200: z.object({ storeCode: z.string(), storeName: z.string() }) },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/uploader/v1/files',
    tag: 'uploader',
    summary: 'One dispensing file, sent raw (application/octet-stream), named by X-File-Name',
    headers: z
      .object({
        'x-file-name': boundedText({ label: FIELD_LABELS.fileName, max: 500 }).min(
          1,
          stop(V.namedRequired(FIELD_LABELS.fileName)),
        ),
      })
      .passthrough(),
    responses: { 200: uploadResultSchema, 422: uploadResultSchema },
  }),
  history: endpoint({
    method: 'GET',
    path: '/v3/branches/:storeCode/uploads',
    tag: 'uploader',
    summary: 'The upload history of a store, newest first',
    params: storeParams,
    responses: { 200: uploadHistorySchema },
  }),
  rejects: endpoint({
    method: 'GET',
    path: '/v3/branches/:storeCode/uploads/:uploadId/rejects',
    tag: 'uploader',
    summary: 'The refused lines of an upload',
    params: storeParams.extend({ uploadId: idParam(FIELD_LABELS.uploadId) }),
    responses: { 200: z.array(rejectedLineSchema) },
  }),
};
