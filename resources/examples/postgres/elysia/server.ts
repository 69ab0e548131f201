// The seven routes on Elysia and Bun: one process, Bun's built-in SQL client with a pool of 10,
// TypeBox schemas (t.Object) for the bodies, HS256 tokens checked with node:crypto, /cpu on
// node:crypto createHash as in seed 000. The rules match ../django/benchapp/contract.py so the
// three stacks give the same status code for every parity check.
//
// Environment: PORT, PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, JWT_SECRET.
import { SQL } from "bun";
import { Type } from "@sinclair/typebox";
import { Elysia, t } from "elysia";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

const env = process.env;
const MAX_INT = 2147483647;
const secret = env.JWT_SECRET ?? "";

const sql = new SQL({
  hostname: env.PGHOST ?? "127.0.0.1",
  port: Number(env.PGPORT ?? 5432),
  database: env.PGDATABASE ?? "stackbench_example",
  username: env.PGUSER ?? "bench",
  password: env.PGPASSWORD ?? "",
  max: 10,
  idleTimeout: 0,
});

class Rejected extends Error {
  constructor(public status: number, message: string) {
    super(message);
  }
}

// A strictly decimal integer in low..high, else a 400.
function intText(text: string | undefined, what: string, low: number, high: number, dflt: number) {
  if (text === undefined) return dflt;
  const n = /^[0-9]{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(n >= low && n <= high)) throw new Rejected(400, `${what} must be an integer from ${low} to ${high}`);
  return n;
}

function b64json(part: string): any {
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8"));
}

// The user id of a valid HS256 bearer token, else a 401.
function tokenUser(authorization: string | undefined): number {
  if (!authorization) throw new Rejected(401, "missing bearer token");
  if (authorization.slice(0, 7).toLowerCase() !== "bearer ")
    throw new Rejected(401, "authorization is not a bearer token");
  const parts = authorization.slice(7).trim().split(".");
  if (parts.length !== 3) throw new Rejected(401, "malformed token");
  let header: any, payload: any;
  try {
    header = b64json(parts[0]);
    payload = b64json(parts[1]);
  } catch {
    throw new Rejected(401, "malformed token");
  }
  if (header?.alg !== "HS256") throw new Rejected(401, "token is not HS256");
  const expected = createHmac("sha256", secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new Rejected(401, "bad signature");
  if (typeof payload?.exp !== "number" || payload.exp <= Date.now() / 1000)
    throw new Rejected(401, "token expired");
  const sub = typeof payload.sub === "string" && /^[0-9]{1,10}$/.test(payload.sub) ? Number(payload.sub) : payload.sub;
  if (!Number.isInteger(sub) || sub < 1 || sub > MAX_INT) throw new Rejected(401, "token has no user");
  return sub;
}

function cpuDigest(n: number): string {
  let digest = createHash("sha256").update("stackbench").digest("hex");
  for (let i = 1; i < n; i++) digest = createHash("sha256").update(digest).digest("hex");
  return digest;
}

const userById = (id: number) => sql`SELECT id, name, email, created_at FROM users WHERE id = ${id}`;

// TypeBox's own Integer: Elysia's t.Integer also accepts integer strings ("36"), which the
// parity checks (and Django) reject.
const Int = Type.Integer;

const Echo = t.Object(
  {
    name: t.String({ minLength: 1 }),
    email: t.String({ pattern: "@" }),
    age: Int({ minimum: 0, maximum: 150 }),
    tags: t.Array(t.String()),
  },
  { additionalProperties: false },
);

const NewOrder = t.Object(
  {
    user_id: Int({ minimum: 1, maximum: MAX_INT }),
    amount_cents: Int({ minimum: 1, maximum: 100000000 }),
    items: Int({ minimum: 1, maximum: 1000000 }),
  },
  { additionalProperties: false },
);

// normalize: false, so that an unknown field is rejected (422) instead of silently dropped.
new Elysia({ normalize: false })
  .onError(({ code, error, set }) => {
    if (error instanceof Rejected) {
      set.status = error.status;
      return { error: error.message };
    }
    if (code === "PARSE") {
      set.status = 422;
      return { error: "body is not valid JSON", field: null };
    }
  })
  .get("/health", () => ({ status: "ok" }))
  .post("/echo", ({ body }) => body, { body: Echo })
  .get("/me", async ({ headers }) => {
    const [row] = await userById(tokenUser(headers.authorization));
    if (!row) throw new Rejected(404, "token user not found");
    return row;
  })
  .get("/users/:id", async ({ params }) => {
    const [row] = await userById(intText(params.id, "id", 1, MAX_INT, 0));
    if (!row) throw new Rejected(404, "user not found");
    return row;
  })
  .get("/users", ({ query }) => {
    const page = intText(query.page, "page", 1, 1000000, 1);
    const limit = intText(query.limit, "limit", 1, 100, 20);
    return sql`SELECT id, name, email, created_at FROM users ORDER BY id LIMIT ${limit} OFFSET ${(page - 1) * limit}`;
  })
  .post(
    "/orders",
    async ({ body, set }) => {
      try {
        const [row] = await sql`INSERT INTO orders (user_id, amount_cents, items)
          VALUES (${body.user_id}, ${body.amount_cents}, ${body.items})
          RETURNING id, user_id, amount_cents, items, created_at`;
        set.status = 201;
        return row;
      } catch (e: any) {
        if (e?.errno === "23503") {
          set.status = 422;
          return { error: "unknown user", field: "user_id" };
        }
        throw e;
      }
    },
    { body: NewOrder },
  )
  // Not measured: the parity gate's check that an inserted order persists.
  .get("/orders/:id", async ({ params }) => {
    const id = intText(params.id, "id", 1, MAX_INT, 0);
    const [row] = await sql`SELECT id, user_id, amount_cents, items, created_at FROM orders WHERE id = ${id}`;
    if (!row) throw new Rejected(404, "order not found");
    return row;
  })
  .get("/cpu", ({ query }) => {
    const n = intText(query.n, "n", 1, 1000000, 1000);
    return { n, digest: cpuDigest(n) };
  })
  .listen({ hostname: "127.0.0.1", port: Number(env.PORT ?? 3000) });
