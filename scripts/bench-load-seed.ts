// The seed shared by `npm run bench:load` and `scripts/bench-cpu.ts`: a small shop of 401 sellers and
// 2,020 submissions (3 comics each), one seller with 20 of them.
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../server/db/client.js';

/** A small shop: 400 sellers with 2,000 submissions, and the bench's seller with 20 of 3 comics each. */
export async function seed(database: Database): Promise<{ sellerId: string; submissionId: string }> {
  const { db } = database;
  await db.execute(sql`
    insert into users (email, username, first_name, last_name, payment_email)
    select 'seller' || i || '@example.com', 'seller_' || i, 'Seller', 'Number ' || i, 'pay' || i || '@example.com'
    from generate_series(0, 400) as i`);
  await db.execute(sql`
    with sellers as (select id, row_number() over (order by email) as n from users)
    insert into submissions (user_id, status, created_at, total_estimated_value_cents)
    select sellers.id, (array['awaiting_review','pending','paid','paid'])[1 + i % 4],
           now() - (i * interval '7 minutes'), (i * 7919) % 500000
    from generate_series(1, 2000) as i join sellers on sellers.n = 2 + i % 400`);
  const [seller] = await queryRows<{ id: string }>(
    db,
    sql`select id from users where email = 'seller0@example.com'`,
  );
  await db.execute(sql`
    insert into submissions (user_id, status, created_at, total_estimated_value_cents)
    select ${seller!.id}, (array['awaiting_review','pending','awaiting_shipment','paid'])[1 + i % 4],
           now() - (i * interval '1 day'), 30000 + i * 100
    from generate_series(1, 20) as i`);
  await db.execute(sql`
    insert into comics (submission_id, position, title, issue_number, publisher, cgc_grade, cgc_cert_number,
                        estimated_value_cents, admin_status, confidence)
    select s.id, p, (array['Amazing Spider-Man','Batman','X-Men','Saga','Spawn'])[1 + (n + p) % 5],
           (1 + (n * 31 + p) % 700)::text, 'Marvel Comics', 9.8, lpad((n * 10 + p)::text, 10, '0'),
           10000 + p * 100, 'awaiting_review', 0.9
    from (select id, row_number() over (order by created_at) as n from submissions) as s
    cross join lateral generate_series(0, 2) as p`);
  await db.execute(sql`vacuum analyze`);
  const [submission] = await queryRows<{ id: string }>(
    db,
    sql`select id from submissions where user_id = ${seller!.id} order by created_at desc limit 1`,
  );
  return { sellerId: seller!.id, submissionId: submission!.id };
}
