export {
  api,
  apiDownload,
  apiRequest,
  attachmentFileName,
  needsCsrf,
  type DownloadedFile,
  type HttpMethod,
  type RequestOptions,
} from './client.ts';
export { call, contractUrl, download, type CallInput, type CallOptions } from './call.ts';
export {
  ApiError,
  isAbort,
  isApiError,
  isSessionExpiry,
  loggingFailures,
  NETWORK_ERROR_STATUS,
} from './errors.ts';
export { configureApi, type ApiHooks } from './hooks.ts';
export { prefetchCsrfToken, clearCsrfToken } from './csrf.ts';
export { isDevApiEnabled, setDevApiEnabled, subscribeDevApi } from './devApi.ts';
export type * from './types.ts';
