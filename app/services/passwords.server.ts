import { dictionary } from "@zxcvbn-ts/language-common";

// The 10,000 most common passwords (from leaked-password lists, most frequent first).
let common: Set<string> | undefined;

/** Whether a password is one of the 10,000 most common ones (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].slice(0, 10_000).map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common";
