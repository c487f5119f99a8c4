import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { E2E_DATA_DIR } from "../../../playwright.config";

/** Waits for an email to arrive at the test SMTP server and returns its raw text (quoted-printable decoded). */
export async function waitForMail(to: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "mail");
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const file of readdirSync(dir).sort().reverse()) {
          const mail = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { to: string[]; raw: string };
          if (mail.to.includes(to)) {
            found = mail.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
            return true;
          }
        }
        return false;
      },
      { timeout: 20_000, message: `an email to ${to}` },
    )
    .toBe(true);
  return found as string;
}
