import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../database/schema";
import { getUser, requireAdmin, requireUser, requireVenueManager } from "../../app/infra/session.server";
import * as account from "../../app/routes/account/account";
import * as favorites from "../../app/routes/public/favorites";
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

const guards = { admin: requireAdmin, venue_manager: requireVenueManager } as const;
const refusals = {
  admin: "You do not have permission to access the admin area",
  venue_manager: "You do not have permission to access the venue manager area",
};

describe("role guards", () => {
  it("send signed-out visitors to /login, remembering where they were going", async () => {
    for (const guard of [requireUser, requireAdmin, requireVenueManager]) {
      const r = await run(() => guard(t.request("/admin/dashboard?x=1"), t.context));
      expect(r.status).toBe(302);
      expect(r.response!.headers.get("location")).toBe("/login?redirectTo=%2Fadmin%2Fdashboard%3Fx%3D1");
      const post = await run(() => guard(t.request("/admin/venues", { form: {} }), t.context));
      expect(post.status).toBe(401);
    }
  });

  for (const area of ["admin", "venue_manager"] as const) {
    it(`refuse the wrong role for the ${area} area: redirect in loaders, 403 in actions`, async () => {
      const wrong = area === "admin" ? [accounts.user, accounts.venue_manager] : [accounts.user];
      for (const who of wrong) {
        const page = await run(() =>
          guards[area](t.request("/somewhere", { cookie: who.cookie }), t.context),
        );
        expect(page.status).toBe(302);
        expect(page.response!.headers.get("location")).toBe("/login");
        expect(page.response!.headers.get("set-cookie")).toMatch(/vv_flash=/);
        const action = await run(() =>
          guards[area](t.request("/somewhere", { form: {}, cookie: who.cookie }), t.context),
        );
        expect(action.status).toBe(403);
        expect(action.data).toEqual({ error: refusals[area] });
      }
      const allowed = await guards[area](
        t.request("/somewhere", { cookie: accounts.admin.cookie }),
        t.context,
      );
      expect(allowed.role).toBe("admin");
    });
  }

  it("lets a venue manager into the manager area", async () => {
    const m = await requireVenueManager(
      t.request("/venue-manager/dashboard", { cookie: accounts.venue_manager.cookie }),
      t.context,
    );
    expect(m.role).toBe("venue_manager");
  });

  it("reads an unknown role value as user", async () => {
    const odd = await t.signUp();
    await t.db.update(users).set({ role: "superuser" }).where(eq(users.id, odd.id));
    const u = await getUser(t.request("/", { cookie: odd.cookie }), t.context);
    expect(u?.role).toBe("user");
    const r = await run(() => requireAdmin(t.request("/admin", { cookie: odd.cookie }), t.context));
    expect(r.status).toBe(302);
  });

  it("protect the account and favourites pages and the account actions", async () => {
    for (const route of [account.loader, favorites.loader]) {
      const r = await run(() => route(t.args(t.request("/account"))));
      expect(r.response!.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
    const act = await run(() =>
      account.action(t.args(t.request("/account", { form: { intent: "revoke-sessions" } }))),
    );
    expect(act.status).toBe(401);
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

describe("cookies", () => {
  it("are httpOnly and SameSite=Lax, and Secure when served over https", async () => {
    const u = await t.signUp();
    const plain = await run(() => requireAdmin(t.request("/admin", { cookie: u.cookie }), t.context));
    const flash = plain.response!.headers.get("set-cookie")!;
    expect(flash).toMatch(/HttpOnly/);
    expect(flash).toMatch(/SameSite=Lax/);
    expect(flash).not.toMatch(/Secure/);
    const secureRequest = new Request("https://vows.example/admin", { headers: { cookie: u.cookie } });
    const secure = await run(() => requireAdmin(secureRequest, t.context));
    expect(secure.response!.headers.get("set-cookie")).toMatch(/Secure/);
  });
});
