/**
 * What a browser is, from its user agent (bowser): "Chrome on macOS" and its kind. The account's sessions and the
 * notifications' push devices are both named this way.
 */
import Bowser from "bowser";
import type { DEVICE_KINDS } from "@/shared/contracts/common";

export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** "Chrome on macOS" and its kind, from a user agent. */
export function describeDevice(userAgent: string | null): { device: string; kind: DeviceKind } {
  if (!userAgent) return { device: "Unknown device", kind: "desktop" };
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  const type = parsed.platform.type;
  const kind: DeviceKind = type === "mobile" || type === "tablet" ? type : "desktop";
  const device = browser && os ? `${browser} on ${os}` : (browser ?? (os ? `A browser on ${os}` : "Unknown device"));
  return { device, kind };
}
