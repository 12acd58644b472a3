import * as z from "zod/mini";
import { email, isBlank, MAX, minLength, required, text } from "./fields";

// Messages and their order are the spec's (public side, section 5).

export const loginSchema = z.object({
  email: email("Please enter a valid email address"),
  password: minLength(6, "Password must be at least 6 characters"),
});

const validEmail = z.email();

/** Checked in order: all fields present, passwords match, then length. One message at a time. */
export const registerSchema = z
  .object({
    name: text(MAX.name, "Name is too long").check(z.trim()),
    email: text(MAX.email, "Please enter a valid email address").check(z.trim()),
    password: text(MAX.password),
    confirmPassword: text(MAX.password),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (isBlank(v.name) || !v.email || !v.password || !v.confirmPassword) {
        ctx.addIssue({ code: "custom", message: "Please fill in all fields", path: ["form"], input: v });
      } else if (v.password !== v.confirmPassword) {
        ctx.addIssue({
          code: "custom",
          message: "Passwords do not match",
          path: ["confirmPassword"],
          input: v,
        });
      } else if (v.password.length < 6) {
        ctx.addIssue({
          code: "custom",
          message: "Password must be at least 6 characters",
          path: ["password"],
          input: v,
        });
      } else if (!validEmail.safeParse(v.email).success) {
        ctx.addIssue({
          code: "custom",
          message: "Please enter a valid email address",
          path: ["email"],
          input: v,
        });
      }
    }),
  );

export const resetRequestSchema = z.object({
  email: email("Please enter a valid email", "Email is required"),
});

const passwordsMatch = <T extends { confirmPassword: string }>(password: (v: T) => string) =>
  z.refine<T>((v) => password(v) === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const newPasswordSchema = z
  .object({
    password: minLength(8, "Password must be at least 8 characters"),
    confirmPassword: text(MAX.password),
  })
  .check(passwordsMatch((v) => v.password));

export const changePasswordSchema = z
  .object({
    currentPassword: minLength(6, "Current password must be at least 6 characters"),
    newPassword: minLength(8, "New password must be at least 8 characters"),
    confirmPassword: minLength(8, "Please confirm your new password"),
  })
  .check(passwordsMatch((v) => v.newPassword));

export const profileSchema = z.object({
  name: required("Please enter your name", MAX.name, "Name is too long"),
  email: email("Please enter a valid email address"),
  avatarUrl: text(MAX.url).check(
    z.trim(),
    z.refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "Please enter a valid image URL (https://...)"),
  ),
});
