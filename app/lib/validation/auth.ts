import { z } from "zod";

// Messages and their order are the spec's (public side, section 5).
const text = z.string().default("");

export const loginSchema = z.object({
  email: text.pipe(z.string().trim().pipe(z.email("Please enter a valid email address"))),
  password: text.pipe(z.string().min(6, "Password must be at least 6 characters")),
});

/** Checked in order: all fields present, passwords match, then length. One message at a time. */
export const registerSchema = z
  .object({ name: text, email: text, password: text, confirmPassword: text })
  .transform((v) => ({ ...v, name: v.name.trim(), email: v.email.trim() }))
  .superRefine((v, ctx) => {
    if (!v.name || !v.email || !v.password || !v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "Please fill in all fields", path: ["form"] });
    } else if (v.password !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", message: "Passwords do not match", path: ["confirmPassword"] });
    } else if (v.password.length < 6) {
      ctx.addIssue({ code: "custom", message: "Password must be at least 6 characters", path: ["password"] });
    } else if (!z.email().safeParse(v.email).success) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid email address", path: ["email"] });
    }
  });

export const resetRequestSchema = z.object({
  email: text.pipe(z.string().trim().min(1, "Email is required").pipe(z.email("Please enter a valid email"))),
});

export const newPasswordSchema = z
  .object({
    password: text.pipe(z.string().min(8, "Password must be at least 8 characters")),
    confirmPassword: text,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: text.pipe(z.string().min(6, "Current password must be at least 6 characters")),
    newPassword: text.pipe(z.string().min(8, "New password must be at least 8 characters")),
    confirmPassword: text.pipe(z.string().min(8, "Please confirm your new password")),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

export const profileSchema = z.object({
  name: text.pipe(z.string().trim().min(1, "Please enter your name").max(100, "Name is too long")),
  email: text.pipe(z.string().trim().pipe(z.email("Please enter a valid email address"))),
  avatarUrl: text.pipe(
    z
      .string()
      .trim()
      .refine((v) => v === "" || /^https?:\/\/\S+$/i.test(v), "Please enter a valid image URL (https://...)"),
  ),
});
