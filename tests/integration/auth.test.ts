import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "../../app/routes/auth/login";
import * as logout from "../../app/routes/auth/logout";
import * as resetPassword from "../../app/routes/auth/reset-password";
import * as updatePassword from "../../app/routes/auth/update-password";
import * as account from "../../app/routes/account/account";
import { createTestApp, run, cookieFrom, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const loginAction = (form: Record<string, string>, ip?: string) =>
  run(() => login.action(t.args(t.request("/login", { form, ip }))));

describe("login and registration actions", () => {
  it("answers the spec's validation messages and keeps what was typed", async () => {
    const bad = await loginAction({ intent: "login", email: "not-an-email", password: "secret1" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: { email: "Please enter a valid email address" },
      values: { email: "not-an-email" },
    });

    const mismatch = await loginAction({
      intent: "register",
      name: "A",
      email: "a@x.example",
      password: "abcdef",
      confirmPassword: "abcdeg",
    });
    expect(mismatch.data).toMatchObject({ errors: { confirmPassword: "Passwords do not match" } });
  });

  it("registers, lands on /account with a session cookie, and signs in again by role", async () => {
    const email = "newcomer@test.example";
    const reg = await loginAction({
      intent: "register",
      name: "New Comer",
      email,
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(reg.status).toBe(302);
    expect(reg.response!.headers.get("location")).toBe("/account");
    expect(cookieFrom(reg.response!.headers)).toMatch(/vv\.session_token=/);

    const dup = await loginAction({
      intent: "register",
      name: "Again",
      email,
      password: "secret12",
      confirmPassword: "secret12",
    });
    expect(dup.status).toBe(422);
    expect((dup.data as { error: string }).error).toMatch(/already exists/i);

    const ok = await loginAction({ intent: "login", email, password: "secret12" });
    expect(ok.response!.headers.get("location")).toBe("/account");

    const admin = await t.signUp({ role: "admin" });
    const adminLogin = await loginAction({ intent: "login", email: admin.email, password: admin.password });
    expect(adminLogin.response!.headers.get("location")).toBe("/admin/dashboard");

    const wrong = await loginAction({ intent: "login", email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect((wrong.data as { error: string }).error).toBe("Invalid email or password");
  });

  it("redirects a signed-in visitor away from /login, and signs out with a cleared cookie", async () => {
    const u = await t.signUp();
    const page = await run(() => login.loader(t.args(t.request("/login", { cookie: u.cookie }))));
    expect(page.response!.headers.get("location")).toBe("/account");

    const out = await run(() =>
      logout.action(t.args(t.request("/logout", { method: "POST", cookie: u.cookie }))),
    );
    expect(out.response!.headers.get("location")).toBe("/");
    expect(out.response!.headers.getSetCookie().join(";")).toMatch(/vv\.session_token=;/);
    const after = await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) });
    expect(after).toBeNull();
  });

  it("rate-limits sign-in attempts for one account", async () => {
    const u = await t.signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await loginAction({ intent: "login", email: u.email, password: "wrong-pass" })).status);
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    const limited = await loginAction({ intent: "login", email: u.email, password: u.password });
    expect(limited.status).toBe(429);
    expect((limited.data as { error: string }).error).toMatch(/too many attempts/i);
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password once", async () => {
    const u = await t.signUp();
    const sent = await run(() =>
      resetPassword.action(t.args(t.request("/reset-password", { form: { email: u.email } }))),
    );
    expect(sent.data).toMatchObject({ sent: true });
    const mail = await t.mail.waitFor(u.email);
    const link = t.mail.linkIn(mail)!;
    expect(link).toMatch(/\/api\/auth\/reset-password\//);

    // better-auth checks the token and forwards to our page with it.
    const forwarded = await t.auth.handler(new Request(link));
    const target = new URL(forwarded.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/auth/update-password");
    expect(target.searchParams.get("type")).toBe("recovery");
    const token = target.searchParams.get("token")!;

    const page = await run(() => updatePassword.loader(t.args(t.request(target.pathname + target.search))));
    expect(page.data).toEqual({ token });

    const short = await run(() =>
      updatePassword.action(
        t.args(
          t.request("/auth/update-password", {
            form: { token, password: "short", confirmPassword: "short" },
          }),
        ),
      ),
    );
    expect(short.data).toMatchObject({ errors: { password: "Password must be at least 8 characters" } });

    const done = await run(() =>
      updatePassword.action(
        t.args(
          t.request("/auth/update-password", {
            form: { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" },
          }),
        ),
      ),
    );
    expect(done.data).toMatchObject({ done: true });

    const relogin = await loginAction({ intent: "login", email: u.email, password: "brand-new-pass" });
    expect(relogin.status).toBe(302);

    // Used link: back to the request form with a message.
    const reused = await run(() => updatePassword.loader(t.args(t.request(target.pathname + target.search))));
    expect(reused.response!.headers.get("location")).toBe("/reset-password?error=invalid-link");
    const again = await t.auth.handler(new Request(link));
    expect(again.headers.get("location")).toMatch(/error=INVALID_TOKEN/);
  });

  it("refuses links without type=recovery or with a bad token", async () => {
    for (const path of [
      "/auth/update-password",
      "/auth/update-password?type=recovery&token=nope-nope-nope",
      "/auth/update-password?token=abc",
    ]) {
      const r = await run(() => updatePassword.loader(t.args(t.request(path))));
      expect(r.response!.headers.get("location")).toBe("/reset-password?error=invalid-link");
    }
  });

  it("limits reset requests per address with a clear message", async () => {
    const email = "someone-limited@test.example";
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(
        await run(() => resetPassword.action(t.args(t.request("/reset-password", { form: { email } })))),
      );
    expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[3]!.status).toBe(429);
    expect(results[3]!.data).toMatchObject({ error: expect.stringMatching(/too many attempts/i) });
  });
});

describe("account actions", () => {
  it("checks the current password before changing it", async () => {
    const u = await t.signUp();
    const form = {
      intent: "password",
      currentPassword: "wrong-current",
      newPassword: "another-pass",
      confirmPassword: "another-pass",
    };
    const wrong = await run(() => account.action(t.args(t.request("/account", { form, cookie: u.cookie }))));
    expect(wrong.data).toMatchObject({ error: "Current password is incorrect" });

    const ok = await run(() =>
      account.action(
        t.args(t.request("/account", { form: { ...form, currentPassword: u.password }, cookie: u.cookie })),
      ),
    );
    expect(ok.data).toMatchObject({ toast: { message: "Password updated successfully" } });
  });

  it("updates the name at once and sends a verification mail to a new email address", async () => {
    const u = await t.signUp();
    const r = await run(() =>
      account.action(
        t.args(
          t.request("/account", {
            form: { intent: "profile", name: "Renamed", email: "moved@test.example", avatarUrl: "" },
            cookie: u.cookie,
          }),
        ),
      ),
    );
    expect(r.data).toMatchObject({
      emailChangeRequested: true,
      toast: { message: "Verification email sent. Please check your inbox." },
    });
    const mail = await t.mail.waitFor("moved@test.example");
    expect(t.mail.linkIn(mail)).toMatch(/\/api\/auth\/verify-email\?token=/);
    const page = await run(() => account.loader(t.args(t.request("/account", { cookie: u.cookie }))));
    expect(page.data).toMatchObject({ user: { name: "Renamed", email: u.email } });

    // Opening the link changes the address and lands on the page that asks to sign in again.
    const verified = await t.auth.handler(
      new Request(t.mail.linkIn(mail)!, { headers: { cookie: u.cookie } }),
    );
    expect(verified.headers.get("location")).toBe("/auth/email-changed");
    const login2 = await loginAction({ intent: "login", email: "moved@test.example", password: u.password });
    expect(login2.status).toBe(302);
  });

  it("clears the other sessions", async () => {
    const u = await t.signUp();
    const second = await loginAction({ intent: "login", email: u.email, password: u.password });
    const otherCookie = cookieFrom(second.response!.headers);
    const r = await run(() =>
      account.action(
        t.args(t.request("/account", { form: { intent: "revoke-sessions" }, cookie: u.cookie })),
      ),
    );
    expect(r.data).toMatchObject({ toast: { message: "All sessions have been cleared" } });
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: otherCookie }) })).toBeNull();
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) })).not.toBeNull();
  });
});
