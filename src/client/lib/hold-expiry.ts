/** 'Hold expires in 5 h', 'Hold expires in 3 days', 'Hold expired': a hold's time left, in the interface's language. */
import { msg, plural } from "@lingui/core/macro";
import { holdTimeLeft } from "@/shared/quotes";
import { i18n } from "./i18n";

export function holdExpiryText(expiresAt: Date | string, now: Date = new Date()): string {
  const left = holdTimeLeft(expiresAt, now);
  if (left.unit === "expired") return i18n._(msg`Hold expired`);
  const { count } = left;
  if (left.unit === "minutes") return i18n._(msg`Hold expires in ${count} min`);
  if (left.unit === "hours") return i18n._(msg`Hold expires in ${count} h`);
  return plural(count, { one: "Hold expires in # day", other: "Hold expires in # days" });
}
