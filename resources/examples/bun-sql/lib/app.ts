// What both servers share, so that only the framework differs (seed 004: "the same ten-connection
// pool, SQL, validation and JSON serialization"): one Bun SQL pool of 10, the SQL of the four
// workloads, and the validation of every input. Each handler returns [status, body]; the
// framework routes to it, parses the JSON body and serialises the answer its own way.
//
// Environment: PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD.
import { SQL } from "bun";

const env = process.env;
const MAX_ID = 9007199254740991; // ids are BIGSERIAL; JSON numbers stay exact up to 2^53 - 1

export const sql = new SQL({
  hostname: env.PGHOST ?? "127.0.0.1",
  port: Number(env.PGPORT ?? 5432),
  database: env.PGDATABASE ?? "stackbench_bunsql",
  username: env.PGUSER ?? "bench",
  password: env.PGPASSWORD ?? "",
  max: 10,
  idleTimeout: 0,
});

export type Answer = [number, unknown];

const rejected = (status: number, error: string, field: string | null = null): Answer => [
  status,
  { error, field },
];

// A strictly decimal integer in low..high, the default when absent, else null.
function intText(text: string | undefined, low: number, high: number, dflt: number): number | null {
  if (text === undefined) return dflt;
  const n = /^[0-9]{1,16}$/.test(text) ? Number(text) : NaN;
  return n >= low && n <= high ? n : null;
}

const isInt = (v: unknown, low: number, high: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= low && v <= high;

// BIGINT columns come back from Bun SQL as strings or bigints depending on the value; the API
// answers numbers (every id here is far below 2^53).
const user = (r: any) => ({ id: Number(r.id), name: r.name, email: r.email, created_at: r.created_at });
const order = (r: any) => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  status: r.status,
  total_cents: Number(r.total_cents),
  created_at: r.created_at,
});
const item = (r: any) => ({
  id: Number(r.id),
  product_id: Number(r.product_id),
  quantity: r.quantity,
  unit_price_cents: Number(r.unit_price_cents),
});

export const health = (): Answer => [200, { status: "ok" }];

// Workload "get-user": GET /users/:id
export async function getUser(idText: string): Promise<Answer> {
  const id = intText(idText, 1, MAX_ID, 0);
  if (id === null) return rejected(400, "id must be a positive integer", "id");
  const [row] = await sql`SELECT id, name, email, created_at FROM users WHERE id = ${id}`;
  return row ? [200, user(row)] : rejected(404, "user not found");
}

// Workload "latest-users": GET /users?limit=20 (newest first, by the index
// users(created_at DESC, id DESC)).
export async function latestUsers(limitText: string | undefined): Promise<Answer> {
  const limit = intText(limitText, 1, 100, 20);
  if (limit === null) return rejected(400, "limit must be an integer from 1 to 100", "limit");
  const rows = await sql`SELECT id, name, email, created_at FROM users
    ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  return [200, rows.map(user)];
}

// Workload "user-orders": GET /users/:id/orders, the user and up to 20 of its newest orders.
export async function userOrders(idText: string): Promise<Answer> {
  const id = intText(idText, 1, MAX_ID, 0);
  if (id === null) return rejected(400, "id must be a positive integer", "id");
  const [row] = await sql`SELECT id, name, email, created_at FROM users WHERE id = ${id}`;
  if (!row) return rejected(404, "user not found");
  const orders = await sql`SELECT id, user_id, status, total_cents, created_at FROM orders
    WHERE user_id = ${id} ORDER BY created_at DESC, id DESC LIMIT 20`;
  return [200, { ...user(row), orders: orders.map(order) }];
}

type NewItem = { product_id: number; quantity: number; unit_price_cents: number };

// The body of POST /orders, or the reason it is refused.
function newOrder(body: unknown): { user_id: number; items: NewItem[] } | string {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return "body must be an object";
  const b = body as Record<string, unknown>;
  for (const k of Object.keys(b)) if (k !== "user_id" && k !== "items") return `unknown field ${k}`;
  if (!isInt(b.user_id, 1, MAX_ID)) return "user_id must be a positive integer";
  if (!Array.isArray(b.items) || b.items.length < 1 || b.items.length > 20)
    return "items must be an array of 1 to 20 items";
  for (const it of b.items) {
    if (typeof it !== "object" || it === null || Array.isArray(it)) return "an item must be an object";
    const i = it as Record<string, unknown>;
    for (const k of Object.keys(i))
      if (k !== "product_id" && k !== "quantity" && k !== "unit_price_cents") return `unknown item field ${k}`;
    if (!isInt(i.product_id, 1, MAX_ID)) return "product_id must be a positive integer";
    if (!isInt(i.quantity, 1, 1000)) return "quantity must be an integer from 1 to 1000";
    if (!isInt(i.unit_price_cents, 1, 100000000)) return "unit_price_cents must be an integer from 1 to 100000000";
  }
  return { user_id: b.user_id, items: b.items as NewItem[] };
}

// Workload "create-order": POST /orders, one transaction inserting the order and its items.
export async function createOrder(body: unknown): Promise<Answer> {
  const o = newOrder(body);
  if (typeof o === "string") return rejected(422, o);
  const total = o.items.reduce((s, i) => s + i.quantity * i.unit_price_cents, 0);
  try {
    return await sql.begin(async (tx) => {
      const [row] = await tx`INSERT INTO orders (user_id, status, total_cents)
        VALUES (${o.user_id}, 'pending', ${total})
        RETURNING id, user_id, status, total_cents, created_at`;
      const items = await tx`INSERT INTO order_items ${tx(
        o.items.map((i) => ({ order_id: row.id, ...i })),
        "order_id",
        "product_id",
        "quantity",
        "unit_price_cents",
      )} RETURNING id, product_id, quantity, unit_price_cents`;
      return [201, { ...order(row), items: items.map(item) }] as Answer;
    });
  } catch (e: any) {
    if (e?.errno === "23503") return rejected(422, "unknown user", "user_id");
    throw e;
  }
}

// Not measured: the parity checks' look at an inserted order.
export async function getOrder(idText: string): Promise<Answer> {
  const id = intText(idText, 1, MAX_ID, 0);
  if (id === null) return rejected(400, "id must be a positive integer", "id");
  const [row] = await sql`SELECT id, user_id, status, total_cents, created_at FROM orders WHERE id = ${id}`;
  if (!row) return rejected(404, "order not found");
  const items = await sql`SELECT id, product_id, quantity, unit_price_cents FROM order_items
    WHERE order_id = ${id} ORDER BY id`;
  return [200, { ...order(row), items: items.map(item) }];
}

export const notJson = (): Answer => rejected(422, "body is not valid JSON");
export const notFound = (): Answer => rejected(404, "no such route");
