import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';

/**
 * Demo data for the embedded database, added once. The bootstrap admin is created by the auth
 * module; module data (users, countries, …) joins here as those modules arrive.
 */
export async function seedDemoData(db: Db, logger: FastifyBaseLogger): Promise<void> {
  const updated = await db
    .updateTable('admins')
    .set({ first_name: 'Олена', last_name: 'Коваленко', username: 'olena.admin', language: 'uk-UA' })
    .where('first_name', '=', 'Admin')
    .where('last_name', '=', 'Pult')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) logger.info('Demo data seeded');
}
