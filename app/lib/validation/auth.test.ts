import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  loginSchema,
  newPasswordSchema,
  registerSchema,
  profileSchema,
  resetRequestSchema,
} from "./auth";
import { validate } from "./form";

const message = (r: ReturnType<typeof validate>) => (r.ok ? null : r.message);

describe("auth form validation (spec section 5)", () => {
  it("login: valid email, then password of at least 6", () => {
    expect(message(validate(loginSchema, { email: "nope", password: "secret1" }))).toBe(
      "Please enter a valid email address",
    );
    expect(message(validate(loginSchema, { email: "a@b.co", password: "12345" }))).toBe(
      "Password must be at least 6 characters",
    );
    expect(validate(loginSchema, { email: " a@b.co ", password: "123456" })).toEqual({
      ok: true,
      data: { email: "a@b.co", password: "123456" },
    });
  });

  it("registration checks fields, then match, then length, in that order", () => {
    const base = { name: "Ann", email: "ann@example.com", password: "abc", confirmPassword: "abd" };
    expect(message(validate(registerSchema, { ...base, name: "" }))).toBe("Please fill in all fields");
    expect(message(validate(registerSchema, base))).toBe("Passwords do not match");
    expect(message(validate(registerSchema, { ...base, confirmPassword: "abc" }))).toBe(
      "Password must be at least 6 characters",
    );
    expect(validate(registerSchema, { ...base, password: "abcdef", confirmPassword: "abcdef" }).ok).toBe(
      true,
    );
  });

  it("reset request: required, then valid", () => {
    expect(message(validate(resetRequestSchema, { email: "" }))).toBe("Email is required");
    expect(message(validate(resetRequestSchema, { email: "x@" }))).toBe("Please enter a valid email");
  });

  it("new password: 8 characters, and the mismatch sits on the confirm field", () => {
    expect(message(validate(newPasswordSchema, { password: "short", confirmPassword: "short" }))).toBe(
      "Password must be at least 8 characters",
    );
    const r = validate(newPasswordSchema, { password: "longenough", confirmPassword: "different" });
    expect(r.ok ? null : r.errors.confirmPassword).toBe("Passwords don't match");
  });

  it("change password: each field's own message", () => {
    const r = validate(changePasswordSchema, {
      currentPassword: "123",
      newPassword: "1234567",
      confirmPassword: "",
    });
    expect(r.ok ? null : r.errors).toEqual({
      currentPassword: "Current password must be at least 6 characters",
      newPassword: "New password must be at least 8 characters",
      confirmPassword: "Please confirm your new password",
    });
    const mismatch = validate(changePasswordSchema, {
      currentPassword: "123456",
      newPassword: "12345678",
      confirmPassword: "87654321",
    });
    expect(mismatch.ok ? null : mismatch.errors.confirmPassword).toBe("Passwords don't match");
  });
});

describe("limits on every account field", () => {
  const errorsOf = (schema: Parameters<typeof validate>[0], values: Record<string, string>) => {
    const r = validate(schema, values);
    return r.ok ? null : r.errors;
  };

  it("a name is at most 100 characters, in registration and profile alike", () => {
    const reg = { email: "a@b.co", password: "secret1", confirmPassword: "secret1" };
    expect(errorsOf(registerSchema, { ...reg, name: "n".repeat(101) })).toEqual({ name: "Name is too long" });
    expect(errorsOf(profileSchema, { name: "n".repeat(101), email: "a@b.co" })).toEqual({
      name: "Name is too long",
    });
    expect(errorsOf(registerSchema, { ...reg, name: "n".repeat(100) })).toBeNull();
  });

  it("a name of invisible characters is no name", () => {
    const reg = { email: "a@b.co", password: "secret1", confirmPassword: "secret1" };
    expect(errorsOf(registerSchema, { ...reg, name: "\u200B\u200C" })).toEqual({
      form: "Please fill in all fields",
    });
    expect(errorsOf(profileSchema, { name: "\u200B ", email: "a@b.co" })).toEqual({
      name: "Please enter your name",
    });
  });

  it("refuses a NUL byte in a name, and overlong emails, passwords and avatar URLs", () => {
    expect(errorsOf(profileSchema, { name: "A\u0000B", email: "a@b.co" })).toEqual({
      name: "Please remove the unsupported characters",
    });
    expect(errorsOf(loginSchema, { email: `${"a".repeat(250)}@b.co`, password: "secret1" })).toEqual({
      email: "Please enter a valid email address",
    });
    expect(errorsOf(loginSchema, { email: "a@b.co", password: "p".repeat(129) })).toEqual({
      password: "Please use at most 128 characters",
    });
    expect(
      errorsOf(profileSchema, {
        name: "A",
        email: "a@b.co",
        avatarUrl: `https://x.example/${"a".repeat(2048)}`,
      }),
    ).toEqual({ avatarUrl: "Please use at most 2048 characters" });
  });
});
