import { PGlite } from '@electric-sql/pglite';
const db = new PGlite();
await db.exec(`create function report_schedule_next(
          frequency text, weekday integer, month_day integer, hour integer, zone text, after timestamptz
        ) returns timestamptz language sql stable as $$
          select min(slot) from (
            select (day::date + make_interval(hours => hour)) at time zone zone as slot
            from generate_series(((after at time zone zone)::date - 1)::timestamp,
              ((after at time zone zone)::date + 62)::timestamp, interval '1 day') as day
            where case frequency
              when 'daily' then true
              when 'weekly' then extract(isodow from day) = weekday
              else extract(day from day) = month_day
            end
          ) as slots
          where slot > after
        $$`);
const q = async (s, p=[]) => (await db.query(s, p)).rows;
console.log(await q(`select report_schedule_next('daily',null,null,1,'America/New_York','2026-10-31T12:00Z')::text as a, report_schedule_next('daily',null,null,1,'America/New_York','2026-11-01T05:30Z')::text as b`));
console.log(await q(`select report_schedule_next('daily',null,null,3,'Europe/Kyiv','2026-10-24T12:00Z')::text as a`));
console.log(await q(`select report_schedule_next('daily',null,null,9,'+03:00','2026-11-27T00:00Z')::text as a`));
console.log(await q(`select report_schedule_next('monthly',null,28,23,'Pacific/Kiritimati','2026-11-27T00:00Z')::text as a`));
try { console.log(await q(`select report_schedule_next('daily',null,null,9,'US/Pacific-New',now())`)); } catch(e) { console.log('ERR', e.code, e.message); }
