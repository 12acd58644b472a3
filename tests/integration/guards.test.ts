import { eq } from "drizzle-orm";
import type { MiddlewareFunction } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../database/schema";
import { getLoadContext, userContext } from "../../app/infra/context.server";
import {
  getUser,
  readFlash,
  requireAdmin,
  requireUser,
  requireVenueManager,
  sessionMiddleware,
} from "../../app/infra/session.server";
import { expectAnswer } from "../setup/guard-runner";
import { createTestApp, run, type TestApp } from "../setup/test-app";

let t: TestApp;
let accounts: Record<"user" | "venue_manager" | "admin", { cookie: string; id: string }>;
beforeAll(async () => {
  t = await createTestApp();
  accounts = {
    user: await t.signUp(),
    venue_manager: await t.signUp({ role: "venue_manager" }),
    admin: await t.signUp({ role: "admin" }),
  };
});
afterAll(async () => t.close());

/** Runs one route middleware the way the router does, with the signed-in user already in context. */
async function through(guard: MiddlewareFunction<Response>, request: Request) {
  const context = await t.contextFor(request);
  const args = { request, context, params: {}, pattern: "", url: new URL(request.url) };
  const r = await run(() => guard(args, async () => new Response("allowed")));
  return { ...r, headers: r.response?.headers ?? new Headers() };
}

const guards = { admin: requireAdmin, venue_manager: requireVenueManager } as const;
const refusals = {
  admin: "You do not have permission to access the admin area",
  venue_manager: "You do not have permission to access the venue manager area",
};

describe("role guards (route middleware)", () => {
  it("send signed-out visitors to /login, remembering where they were going", async () => {
    for (const guard of [requireUser, requireAdmin, requireVenueManager]) {
      const r = await through(guard, t.request("/admin/dashboard?x=1"));
      // To /login?redirectTo=%2Fadmin%2Fdashboard%3Fx%3D1 (tests/setup/guard-runner.ts).
      expectAnswer(r, "login", "/admin/dashboard?x=1");
      const post = await through(guard, t.request("/admin/venues", { form: {} }));
      expect(post.status).toBe(401);
    }
  });

  for (const area of ["admin", "venue_manager"] as const) {
    it(`refuse the wrong role for the ${area} area: redirect in loaders, 403 in actions`, async () => {
      const wrong = area === "admin" ? [accounts.user, accounts.venue_manager] : [accounts.user];
      for (const who of wrong) {
        const page = await through(guards[area], t.request("/somewhere", { cookie: who.cookie }));
        // A signed-in visitor without the area's role lands on their account page, told why in a
        // flash toast (ADR 016).
        expectAnswer(page, "account", "/somewhere");
        const action = await through(guards[area], t.request("/somewhere", { form: {}, cookie: who.cookie }));
        expect(action.status).toBe(403);
        expect(action.data).toEqual({ error: refusals[area] });
      }
      const allowed = await through(guards[area], t.request("/somewhere", { cookie: accounts.admin.cookie }));
      expect(allowed.status).toBe(200);
    });
  }

  it("lets a venue manager into the manager area", async () => {
    const m = await through(
      requireVenueManager,
      t.request("/venue-manager/dashboard", { cookie: accounts.venue_manager.cookie }),
    );
    expect(m.status).toBe(200);
  });

  it("reads an unknown role value as user", async () => {
    const odd = await t.signUp();
    await t.db.update(users).set({ role: "superuser" }).where(eq(users.id, odd.id));
    const req = t.request("/", { cookie: odd.cookie });
    expect(getUser(await t.contextFor(req))?.role).toBe("user");
    const r = await through(requireAdmin, t.request("/admin", { cookie: odd.cookie }));
    expect(r.status).toBe(302);
    expectAnswer(r, "account", "/admin");
  });

  it("never lets a user set their own role through a profile update", async () => {
    const m = accounts.venue_manager;
    const attempt = t.auth.api.updateUser({
      body: { name: "Sneaky", role: "admin" } as { name: string },
      headers: new Headers({ cookie: m.cookie }),
    });
    await attempt.catch(() => undefined);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, m.id));
    expect(row!.role).toBe("venue_manager");
  });
});

describe("the session middleware", () => {
  it("puts the signed-in user in the context, and no one without a session cookie", async () => {
    const read = async (cookie?: string) => {
      const request = t.request("/", { cookie });
      const context = getLoadContext(t.app, "nonce");
      await sessionMiddleware(
        { request, context, params: {}, pattern: "", url: new URL(request.url) },
        async () => new Response(),
      );
      return context.get(userContext);
    };
    expect(await read()).toBeNull();
    expect(await read("vv.session_token=forged.value")).toBeNull();
    expect((await read(accounts.admin.cookie))?.id).toBe(accounts.admin.id);
  });
});

describe("cookies", () => {
  it("are httpOnly and SameSite=Lax, and Secure when served over https", async () => {
    const u = await t.signUp();
    const plain = await through(requireAdmin, t.request("/admin", { cookie: u.cookie }));
    const flash = plain.response!.headers.get("set-cookie")!;
    expect(flash).toMatch(/HttpOnly/);
    expect(flash).toMatch(/SameSite=Lax/);
    expect(flash).not.toMatch(/Secure/);
    const secureRequest = new Request("https://vows.example/admin", { headers: { cookie: u.cookie } });
    const secure = await through(requireAdmin, secureRequest);
    expect(secure.response!.headers.get("set-cookie")).toMatch(/Secure/);
  });

  it("a flash toast is signed: a forged one is not shown", async () => {
    const forged = `vv_flash=${Buffer.from(JSON.stringify({ type: "success", message: "Forged" })).toString("base64")}`;
    const { toast } = await readFlash(t.app, t.request("/", { cookie: forged }));
    expect(toast).toBeNull();
    const real = await through(requireAdmin, t.request("/admin", { cookie: accounts.user.cookie }));
    const cookie = real.response!.headers.get("set-cookie")!.split(";")[0]!;
    expect((await readFlash(t.app, t.request("/", { cookie }))).toast).toMatchObject({
      message: refusals.admin,
    });
  });
});
