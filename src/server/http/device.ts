/**
 * What a browser is, from its user agent (bowser): "Chrome on macOS" and its kind. The account's sessions and the
 * notifications' push devices are both named this way.
 */
import Bowser from "bowser";
import type { DEVICE_KINDS } from "@/shared/contracts/common";
import { DEVICE_TEXTS } from "@/shared/contracts/common-texts";
import type { Locale } from "@/shared/locales";
import type { Keyed } from "@/shared/texts";
import { keyedAnswer, translate } from "../i18n";

export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** The keyed name of a browser ("{browser} on {os}"), with its values; a browser alone is named as it is. */
function deviceText(userAgent: string | null): { text: Keyed | null; name: string; kind: DeviceKind } {
  if (!userAgent) return { text: DEVICE_TEXTS.unknown, name: "", kind: "desktop" };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  const type = parsed.platform.type;
  const kind: DeviceKind = type === "mobile" || type === "tablet" ? type : "desktop";
  if (browser && os) return { text: { ...DEVICE_TEXTS.browserOnOs, values: { browser, os } }, name: "", kind };
  if (browser) return { text: null, name: browser, kind };
  if (os) return { text: { ...DEVICE_TEXTS.aBrowserOnOs, values: { os } }, name: "", kind };
  return { text: DEVICE_TEXTS.unknown, name: "", kind };
}

/**
 * "Chrome on macOS" and its kind, from a user agent: the English in `device`, and its key and values (decision
 * 028) for the client to say it in the reader's language.
 */
export function describeDevice(userAgent: string | null): {
  device: string;
  kind: DeviceKind;
  deviceKey?: string;
  deviceParams?: Record<string, string | number>;
} {
  const { text, name, kind } = deviceText(userAgent);
  if (!text) return { device: name, kind };
  const { message, key, params } = keyedAnswer(text);
  return { device: message, kind, deviceKey: key, ...(params ? { deviceParams: params } : {}) };
}

/** A browser's name in `locale`, for an email. */
export function deviceName(userAgent: string | null, locale: Locale): string {
  const { text, name } = deviceText(userAgent);
  return text ? translate(locale, text) : name;
}
