import type { MailMessage } from "~/infra/mail.server";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(siteName: string, intro: string, action: string, url: string, outro: string): string {
  return `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f2;color:#2f2a26;padding:24px">
<h1 style="font-size:22px">${escapeHtml(siteName)}</h1><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1f4d3f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#6b625a">${escapeHtml(outro)}</p></body></html>`;
}

export function passwordResetEmail(siteName: string, to: string, url: string): MailMessage {
  const intro = "We received a request to reset the password of your account.";
  const outro = "The link works once and expires in one hour. If you did not ask for it, ignore this email.";
  return {
    to,
    subject: `Reset your ${siteName} password`,
    text: `${intro}\n\nSet a new password: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Set a new password", url, outro),
  };
}

export function emailChangeVerificationEmail(siteName: string, to: string, url: string): MailMessage {
  const intro = `Please confirm that you want to use this address for your ${siteName} account.`;
  const outro =
    "After confirming, sign in again with this address. If you did not ask for this, ignore this email.";
  return {
    to,
    subject: `Confirm your new ${siteName} email address`,
    text: `${intro}\n\nConfirm your email: ${url}\n\n${outro}\n`,
    html: layout(siteName, intro, "Confirm email address", url, outro),
  };
}
