import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "../../app/routes/auth/login";
import * as logout from "../../app/routes/auth/logout";
import * as resetPassword from "../../app/routes/auth/reset-password";
import * as updatePassword from "../../app/routes/auth/update-password";
import * as emailChanged from "../../app/routes/auth/email-changed";
import * as accountPassword from "../../app/routes/account/password";
import * as accountSettings from "../../app/routes/account/settings";
import { createTestApp, run, cookieFrom, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const loginAction = (form: Record<string, string>, ip?: string) =>
  run(async () => login.action(await t.args(t.request("/login", { form, ip }))));

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
    expect((dup.data as { errors: { form: string } }).errors.form).toMatch(/already exists/i);

    const ok = await loginAction({ intent: "login", email, password: "secret12" });
    expect(ok.response!.headers.get("location")).toBe("/account");

    const admin = await t.signUp({ role: "admin" });
    const adminLogin = await loginAction({ intent: "login", email: admin.email, password: admin.password });
    expect(adminLogin.response!.headers.get("location")).toBe("/admin/dashboard");

    const wrong = await loginAction({ intent: "login", email, password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect((wrong.data as { errors: { form: string } }).errors.form).toBe("Invalid email or password");
  });

  it("redirects a signed-in visitor away from /login, and signs out with a cleared cookie", async () => {
    const u = await t.signUp();
    const page = await run(async () => login.loader(await t.args(t.request("/login", { cookie: u.cookie }))));
    expect(page.response!.headers.get("location")).toBe("/account");

    const out = await run(async () =>
      logout.action(await t.args(t.request("/logout", { method: "POST", cookie: u.cookie }))),
    );
    expect(out.response!.headers.get("location")).toBe("/");
    expect(out.response!.headers.getSetCookie().join(";")).toMatch(/vv\.session_token=;/);
    const after = await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) });
    expect(after).toBeNull();
  });

  it("slows down guessing one account from one address, but never locks the owner out", async () => {
    const u = await t.signUp();
    const stranger = "10.9.9.9";
    const guess = () => loginAction({ intent: "login", email: u.email, password: "wrong-pass" }, stranger);
    for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(401);
    const slowed = await guess();
    expect(slowed.status).toBe(429);
    expect((slowed.data as { errors: { form: string } }).errors.form).toBe(
      "Too many failed sign-ins. Please wait 1 second and try again.",
    );
    // The owner, from their own address, signs in at once: a stranger cannot lock them out.
    const owner = await loginAction({ intent: "login", email: u.email, password: u.password }, "10.8.8.8");
    expect(owner.status).toBe(302);
    // The stranger's delay doubles with each further failure. (The wait is over: its end moved to now.)
    await t.db.execute(
      sql`update rate_limits set reset_at = now() where key = ${`sign-in-fail:${u.email}:${stranger}`}`,
    );
    expect((await guess()).status).toBe(401);
    const slower = await guess();
    expect((slower.data as { errors: { form: string } }).errors.form).toMatch(/wait 2 seconds/);
  });

  it("writes to the owner when many addresses fail to sign in to an account", async () => {
    const u = await t.signUp();
    for (let i = 1; i <= 10; i++) {
      const r = await loginAction({ intent: "login", email: u.email, password: "wrong-pass" }, `10.7.0.${i}`);
      expect(r.status).toBe(401);
    }
    const alert = await t.mail.waitFor(u.email);
    expect(alert.subject).toMatch(/Many failed sign-ins/);
    expect(t.mail.linkIn(alert)).toBe("http://localhost:3000/reset-password");
    const owner = await loginAction({ intent: "login", email: u.email, password: u.password }, "10.7.0.99");
    expect(owner.status).toBe(302);
  });

  it("refuses the 10,000 most common passwords, keeping the spec's minimum lengths", async () => {
    const common = await loginAction({
      intent: "register",
      name: "Common",
      email: "common@test.example",
      password: "sunshine",
      confirmPassword: "sunshine",
    });
    expect(common.status).toBe(400);
    expect(common.data).toMatchObject({ errors: { password: "This password is too common" } });
    const short = await loginAction({
      intent: "register",
      name: "Short",
      email: "short@test.example",
      password: "12345",
      confirmPassword: "12345",
    });
    expect(short.data).toMatchObject({ errors: { password: "Password must be at least 6 characters" } });
  });
});

describe("password reset", () => {
  it("mails a link that sets a new password once", async () => {
    const u = await t.signUp();
    const sent = await run(async () =>
      resetPassword.action(await t.args(t.request("/reset-password", { form: { email: u.email } }))),
    );
    expect(sent.data).toMatchObject({ ok: true, toast: { message: "Password reset email has been sent" } });
    const mail = await t.mail.waitFor(u.email);
    const link = t.mail.linkIn(mail)!;
    expect(link).toMatch(/\/api\/auth\/reset-password\//);

    // better-auth checks the token and forwards to our page with it.
    const forwarded = await t.auth.handler(new Request(link));
    const target = new URL(forwarded.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/auth/update-password");
    expect(target.searchParams.get("type")).toBe("recovery");
    const token = target.searchParams.get("token")!;

    const page = await run(async () =>
      updatePassword.loader(await t.args(t.request(target.pathname + target.search))),
    );
    expect(page.data).toEqual({ token });

    const short = await run(async () =>
      updatePassword.action(
        await t.args(
          t.request("/auth/update-password", {
            form: { token, password: "short", confirmPassword: "short" },
          }),
        ),
      ),
    );
    expect(short.data).toMatchObject({ errors: { password: "Password must be at least 8 characters" } });

    const done = await run(async () =>
      updatePassword.action(
        await t.args(
          t.request("/auth/update-password", {
            form: { token, password: "brand-new-pass", confirmPassword: "brand-new-pass" },
          }),
        ),
      ),
    );
    expect(done.data).toMatchObject({
      ok: true,
      toast: { message: "Password has been updated successfully" },
    });

    const relogin = await loginAction({ intent: "login", email: u.email, password: "brand-new-pass" });
    expect(relogin.status).toBe(302);

    // Used link: back to the request form with a message.
    const reused = await run(async () =>
      updatePassword.loader(await t.args(t.request(target.pathname + target.search))),
    );
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
      const r = await run(async () => updatePassword.loader(await t.args(t.request(path))));
      expect(r.response!.headers.get("location")).toBe("/reset-password?error=invalid-link");
    }
  });

  it("limits reset requests per address with a clear message", async () => {
    const email = "someone-limited@test.example";
    const results = [];
    for (let i = 0; i < 4; i++)
      results.push(
        await run(async () =>
          resetPassword.action(await t.args(t.request("/reset-password", { form: { email } }))),
        ),
      );
    expect(results.slice(0, 3).map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results[3]!.status).toBe(429);
    expect(results[3]!.data).toMatchObject({ errors: { form: expect.stringMatching(/too many attempts/i) } });
  });
});

describe("account actions", () => {
  it("checks the current password before changing it, and ends every other session", async () => {
    const u = await t.signUp();
    const second = await loginAction({ intent: "login", email: u.email, password: u.password });
    const otherCookie = cookieFrom(second.response!.headers);
    const form = {
      currentPassword: "wrong-current",
      newPassword: "another-pass",
      confirmPassword: "another-pass",
    };
    const wrong = await run(async () =>
      accountPassword.action(await t.args(t.request("/account/password", { form, cookie: u.cookie }))),
    );
    expect(wrong.data).toMatchObject({ errors: { currentPassword: "Current password is incorrect" } });

    const ok = await run(async () =>
      accountPassword.action(
        await t.args(
          t.request("/account/password", {
            form: { ...form, currentPassword: u.password },
            cookie: u.cookie,
          }),
        ),
      ),
    );
    expect(ok.data).toMatchObject({ toast: { message: "Password updated successfully" } });
    // Every earlier session has ended; this browser carries on with the new one it was given.
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: otherCookie }) })).toBeNull();
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) })).toBeNull();
    const renewed = cookieFrom(ok.headers!);
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: renewed }) })).not.toBeNull();

    const common = await run(async () =>
      accountPassword.action(
        await t.args(
          t.request("/account/password", {
            form: { currentPassword: "another-pass", newPassword: "password1", confirmPassword: "password1" },
            cookie: renewed,
          }),
        ),
      ),
    );
    expect(common.data).toMatchObject({ errors: { newPassword: "This password is too common" } });
  });

  it("updates the name at once and sends a verification mail to a new email address", async () => {
    const u = await t.signUp();
    const r = await run(async () =>
      accountSettings.action(
        await t.args(
          t.request("/account", {
            form: { name: "Renamed", email: "moved@test.example", avatarUrl: "" },
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
    expect(t.mail.linkIn(mail)).toMatch(/^http:\/\/localhost:3000\/auth\/email-changed\?token=/);
    const page = await run(async () =>
      accountSettings.loader(await t.args(t.request("/account", { cookie: u.cookie }))),
    );
    expect(page.data).toMatchObject({ user: { name: "Renamed", email: u.email } });

    // Without its token the page changes nothing, whoever opens it.
    const bare = await run(async () =>
      emailChanged.loader(await t.args(t.request("/auth/email-changed", { cookie: u.cookie }))),
    );
    expect(bare.response!.headers.get("location")).toBe("/account");
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) })).not.toBeNull();
    const stillOld = await loginAction({
      intent: "login",
      email: "moved@test.example",
      password: u.password,
    });
    expect(stillOld.status).toBe(401);

    // Opening the link changes the address, ends every session and asks to sign in again.
    const link = new URL(t.mail.linkIn(mail)!);
    const verified = await run(async () =>
      emailChanged.loader(await t.args(t.request(link.pathname + link.search, { cookie: u.cookie }))),
    );
    expect(verified.response!.headers.get("location")).toBe("/login");
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) })).toBeNull();
    const reused = await run(async () =>
      emailChanged.loader(await t.args(t.request(link.pathname + link.search))),
    );
    expect(reused.response!.headers.get("location")).toBe("/account");
    const login2 = await loginAction({ intent: "login", email: "moved@test.example", password: u.password });
    expect(login2.status).toBe(302);
  });

  it("clears the other sessions", async () => {
    const u = await t.signUp();
    const second = await loginAction({ intent: "login", email: u.email, password: u.password });
    const otherCookie = cookieFrom(second.response!.headers);
    const r = await run(async () =>
      accountSettings.action(
        await t.args(t.request("/account", { form: { intent: "revoke-sessions" }, cookie: u.cookie })),
      ),
    );
    expect(r.data).toMatchObject({ toast: { message: "All sessions have been cleared" } });
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: otherCookie }) })).toBeNull();
    expect(await t.auth.api.getSession({ headers: new Headers({ cookie: u.cookie }) })).not.toBeNull();
  });
});
