import { sql } from 'kysely';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { insertUsers, loadPlaceIds } from './bulk-insert.js';
import { seedReferenceData } from './demo.js';
import { createPeopleGenerator } from './people-generator.js';
const h = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await migrateToLatest(h.db);
await seedReferenceData(h.db);
const places = await loadPlaceIds(h.db);
const g = createPeopleGenerator({ seed: 1, now: new Date() });
let t = performance.now();
const rows = Array.from({ length: 10000 }, (_, i) => g.user(i));
console.log('gen 10k', performance.now() - t);
for (let b = 0; b < 3; b++) {
  const batch = Array.from({ length: 10000 }, (_, i) => g.user((b + 1) * 10000 + i));
  t = performance.now();
  await insertUsers(h.db, batch, 'x', places);
  console.log('insert 10k', performance.now() - t);
}
if (process.env.DROP) {
  for (const c of ['email', 'username', 'first_name', 'last_name', 'phone']) await sql.raw(`drop index if exists users_${c}_trgm_idx`).execute(h.db);
  for (let b = 3; b < 6; b++) {
    const batch = Array.from({ length: 10000 }, (_, i) => g.user((b + 1) * 10000 + i));
    t = performance.now();
    await insertUsers(h.db, batch, 'x', places);
    console.log('insert 10k no trgm', performance.now() - t);
  }
}
await h.close();
