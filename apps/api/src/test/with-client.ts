import pg from 'pg';

/** One short-lived connection to a PostgreSQL server (creating and dropping throw-away databases). */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
