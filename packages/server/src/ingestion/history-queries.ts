import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';

/** The last 100 uploads of a store, newest first. */
export function uploadRows(db: Database, auth: AuthContext, storeId: number) {
  return db
    .selectFrom('uploads')
    .select([
      'id',
      'file_name',
      'format',
      'status',
      'prescriptions_loaded',
      'rows_refused',
      'message',
      'received_at',
      'size_bytes',
    ])
    .where('corporation_id', '=', auth.corporationId)
    .where('store_id', '=', storeId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** When an uploader of the store last contacted the service, if ever. */
export async function lastContactOf(
  db: Database,
  auth: AuthContext,
  storeId: number,
): Promise<Date | null> {
  const device = await db
    .selectFrom('client_devices')
    .select(({ fn }) => fn.max('last_contact_at').as('last'))
    .where('corporation_id', '=', auth.corporationId)
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return device?.last ? new Date(device.last) : null;
}

/** The refused lines of an upload of the store (the first 1000). */
export function rejectRows(db: Database, auth: AuthContext, storeId: number, uploadId: number) {
  return db
    .selectFrom('upload_rejects as r')
    .innerJoin('uploads as u', (j) =>
      j.onRef('u.id', '=', 'r.upload_id').onRef('u.corporation_id', '=', 'r.corporation_id'),
    )
    .select(['r.line_no as lineNo', 'r.reason', 'r.raw'])
    .where('u.corporation_id', '=', auth.corporationId)
    .where('u.store_id', '=', storeId)
    .where('u.id', '=', uploadId)
    .orderBy('r.line_no')
    .limit(1000)
    .execute();
}
