// Seed 004's API on Elysia: its native listen adapter, production mode, no logging. The SQL, the
// pool and the validation are ../lib/app.ts, the same for Hono (../hono/server.ts); Elysia routes,
// parses the JSON body and serialises the answers.
//
// Environment: PORT, and the PG* variables ../lib/app.ts reads.
import { Elysia } from "elysia";
import * as app from "../lib/app";

const send = (set: { status?: number | string }, [status, body]: app.Answer) => {
  set.status = status;
  return body;
};

new Elysia()
  .onError(({ code, set }) => {
    if (code === "PARSE") return send(set, app.notJson());
    if (code === "NOT_FOUND") return send(set, app.notFound());
  })
  .get("/health", ({ set }) => send(set, app.health()))
  .get("/users", async ({ query, set }) => send(set, await app.latestUsers(query.limit)))
  .get("/users/:id", async ({ params, set }) => send(set, await app.getUser(params.id)))
  .get("/users/:id/orders", async ({ params, set }) => send(set, await app.userOrders(params.id)))
  .post("/orders", async ({ body, set }) => send(set, await app.createOrder(body)))
  .get("/orders/:id", async ({ params, set }) => send(set, await app.getOrder(params.id)))
  .listen({ hostname: "127.0.0.1", port: Number(process.env.PORT ?? 3000) });
