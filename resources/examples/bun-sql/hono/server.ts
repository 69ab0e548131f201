// Seed 004's API on Hono, served by Bun.serve, production mode, no logging. The SQL, the pool and
// the validation are ../lib/app.ts, the same for Elysia (../elysia/server.ts); Hono routes,
// parses the JSON body and serialises the answers.
//
// Environment: PORT, and the PG* variables ../lib/app.ts reads.
import { Hono, type Context } from "hono";
import * as app from "../lib/app";

const send = (c: Context, [status, body]: app.Answer) => c.json(body, status as any);

const hono = new Hono();
hono.notFound((c) => send(c, app.notFound()));
hono.get("/health", (c) => send(c, app.health()));
hono.get("/users", async (c) => send(c, await app.latestUsers(c.req.query("limit"))));
hono.get("/users/:id", async (c) => send(c, await app.getUser(c.req.param("id"))));
hono.get("/users/:id/orders", async (c) => send(c, await app.userOrders(c.req.param("id"))));
hono.post("/orders", async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return send(c, app.notJson());
  }
  return send(c, await app.createOrder(body));
});
hono.get("/orders/:id", async (c) => send(c, await app.getOrder(c.req.param("id"))));

Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.PORT ?? 3000), fetch: hono.fetch });
