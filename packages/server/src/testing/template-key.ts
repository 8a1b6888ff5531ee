/** What the vitest global setup hands the test files (global-setup.ts, startTestApp). */
export const TEMPLATE_KEY = 'pgliteTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of an embedded database with every migration applied (absent on a server run). */
    [TEMPLATE_KEY]: string | undefined;
  }
}
