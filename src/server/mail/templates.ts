/**
 * The brand's emails: one layout, an HTML and a plain-text part, in the reader's language (decision 028). Every
 * value that can come from a person is escaped before it reaches the HTML.
 */
import { DEFAULT_LOCALE, type Locale } from "@/shared/locales";
import { translate } from "../i18n";
import { MAIL_TEXTS } from "./texts";
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export interface EmailParts {
  subject: string;
  heading: string;
  /** Plain text paragraphs; escaped here. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A quoted message from a person, shown in a box; escaped here. */
  quote?: string;
  appName?: string;
  /** The reader's language (the layout's own words follow it). */
  locale?: Locale;
}

export function renderEmail(parts: EmailParts): EmailContent {
  const appName = parts.appName ?? "Maison";
  const locale = parts.locale ?? DEFAULT_LOCALE;
  const signature = `${appName} · ${translate(locale, MAIL_TEXTS.designedIn)}`;
  const paragraphs = parts.paragraphs
    .map((p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.65;color:#2b2a28">${escapeHtml(p)}</p>`)
    .join("");
  const quote = parts.quote
    ? `<div style="margin:8px 0 24px;padding:16px 20px;border-left:2px solid #B08D57;background:#F7F3EC;font-size:15px;line-height:1.6;color:#0B0B0C;white-space:pre-wrap">${escapeHtml(parts.quote)}</div>`
    : "";
  const action = parts.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:14px 28px;background:#0B0B0C;color:#F7F3EC;text-decoration:none;font-size:13px;letter-spacing:0.12em;text-transform:uppercase">${escapeHtml(parts.action.label)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="${locale}"><body style="margin:0;padding:0;background:#EFE9DE">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#EFE9DE;padding:40px 16px"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#FBF8F3;border:1px solid #E7E1D6">
<tr><td style="padding:28px 40px;background:#0B0B0C;font-family:Georgia,'Times New Roman',serif;font-size:26px;color:#F7F3EC;letter-spacing:0.04em">${escapeHtml(appName)}</td></tr>
<tr><td style="padding:40px;font-family:Helvetica,Arial,sans-serif">
<h1 style="margin:0 0 24px;font-family:Georgia,'Times New Roman',serif;font-weight:normal;font-size:28px;color:#0B0B0C">${escapeHtml(parts.heading)}</h1>
${paragraphs}${quote}${action}
</td></tr>
<tr><td style="padding:20px 40px;border-top:1px solid #E7E1D6;font-family:Helvetica,Arial,sans-serif;font-size:12px;color:#5B5650">${escapeHtml(signature)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...(parts.quote ? [parts.quote.replace(/^/gm, "> "), ""] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    signature,
  ].join("\n");
  return { subject: parts.subject, html, text };
}
