/**
 * The four list requests of the benchmark, each as the API is asked for it and as hand-written SQL
 * doing the same work (the page with its country and city names, and the total).
 */
export interface ListShape {
  name: string;
  query: string;
  rawItems: string;
  rawCount: string;
  values: unknown[];
}

const COLUMNS = `p.id, p.uid, p.email, p.username, p.first_name, p.last_name, p.phone, p.country_id,
  c.name_uk as country_name, p.city_id, ci.name_uk as city_name, p.gender, p.birthday, p.about_me,
  p.language, p.status, p.created_at, p.updated_at`;
const JOINS = `left join countries c on c.id = p.country_id left join cities ci on ci.id = p.city_id`;
const TOTAL_OF_ALL = `select n as total from row_counts where table_name = 'users'`;

function shape(
  name: string,
  query: string,
  where: string,
  order: string,
  offset: number,
  values: unknown[],
): ListShape {
  return {
    name,
    query,
    // As the API does: the page is found on keys alone, then its rows are joined to their names;
    // an unfiltered total is kept exact by triggers.
    rawItems: `select ${COLUMNS} from (select p.id from users p ${where} order by ${order} limit 10 offset ${offset}) page
      join users p using (id) ${JOINS} order by ${order}`,
    rawCount: where === '' ? TOTAL_OF_ALL : `select count(*)::int as total from users p ${where}`,
    values,
  };
}

export const LIST_SHAPES: ListShape[] = [
  shape('first page, sort -created_at', 'sort=-created_at', '', 'p.created_at desc, p.id desc', 0, []),
  shape(
    'e-mail contains "koval"',
    'filter[email]=koval',
    `where p.email ilike $1`,
    'p.created_at desc, p.id desc',
    0,
    ['%koval%'],
  ),
  shape(
    'created 2025-01-01..2025-03-31 + status 2',
    'filter[created_at]=2025-01-01,2025-03-31&filter[status]=2',
    `where p.created_at >= '2025-01-01T00:00:00Z' and p.created_at < '2025-04-01T00:00:00Z' and p.status = $1`,
    'p.created_at desc, p.id desc',
    0,
    [2],
  ),
  shape('page 5000', 'page=5000', '', 'p.created_at desc, p.id desc', 49_990, []),
];
