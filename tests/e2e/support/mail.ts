import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_DATA_DIR } from "../../../playwright.config";

/** The mails' subjects, as the server writes them. */
export const MAIL_SUBJECT = {
  verification: /^Subject: Confirm your email for Maison\r?$/m,
  reset: /^Subject: Reset your Maison password\r?$/m,
} as const;

/**
 * Waits for an email to arrive at the test SMTP server and returns its raw text (quoted-printable decoded): the
 * newest one to `to`, or, with `subject` (a regular expression tried on the raw text, see MAIL_SUBJECT), the
 * newest one to `to` that it matches. One address may get several mails (the confirmation at sign-up first).
 */
export async function waitForMail(to: string, subject?: RegExp): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const file of newestFirst(readdirSync(dir))) {
          const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { to: string[]; raw: string };
          if (!mail.to.includes(to)) continue;
          const raw = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
          if (subject && !subject.test(raw)) continue;
          found = raw;
          return true;
        }
        return false;
      },
      { timeout: 20_000, message: `an email to ${to}${subject ? ` matching ${subject}` : ""}` },
    )
    .toBe(true);
  return found as string;
}

/** The server names each mail <time>-<count>.json. */
function newestFirst(files: string[]): string[] {
  const order = (file: string) => file.split(/[-.]/).slice(0, 2).map(Number);
  return files.sort((a, b) => {
    const [ta = 0, ca = 0] = order(a);
    const [tb = 0, cb = 0] = order(b);
    return tb - ta || cb - ca;
  });
}

/** The first link in a mail to `pathname` (such as "/verify-email"), with its query. */
export function linkIn(mail: string, pathname: string): string {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`(https?://[^\\s"'<>]+${escaped}\\?[^\\s"'<>]+)`).exec(mail)?.[1];
  expect(link, `a link to ${pathname} in the mail`).toBeTruthy();
  return (link as string).replace(/&amp;/g, "&");
}
