/**
 * Attachment names: safe to store and to send in a header, and ending in the extension of the type read from
 * the file's bytes, so a file opened from the downloads folder opens as what it is (a JPEG named `x.html`
 * would otherwise run as a page).
 */
import path from "node:path";
import { cleanLine } from "@/shared/schemas";

const MAX_NAME = 200;

/** The extension each accepted type is given, first, then the others its files may already carry. */
const EXTENSIONS: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg", "jpe", "jfif"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/heic": ["heic", "heif"],
  "application/pdf": ["pdf"],
};

/**
 * A file name safe to store, to show and to send back in a header: no path, and the text rules of names and
 * titles (composed, no control or bidirectional control characters, which would show "evil\u202Egnp.jpg" as
 * "evilgpj.png"), bounded.
 */
export function cleanFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/"));
  return Array.from(cleanLine(base).trim()).slice(0, MAX_NAME).join("").trim() || "attachment";
}

/**
 * The name with the extension of `type`: kept when it already has one of the type's extensions (any case),
 * otherwise its extension (a final dot and 1 to 10 letters or digits, at least one a letter) is replaced, and a
 * name without one ("scan", "Invoice 12.05.2024") gains the type's. A type we do not know leaves it as it is.
 */
export function nameForType(name: string, type: string | null | undefined): string {
  const extensions = type ? EXTENSIONS[type] : undefined;
  if (!extensions) return name;
  const found = /^(.+)\.([A-Za-z0-9]{1,10})$/.exec(name);
  if (found && extensions.includes(found[2].toLowerCase())) return name;
  const stem = found && /[A-Za-z]/.test(found[2]) ? found[1] : name;
  const extension = `.${extensions[0]}`;
  const bounded = stem.slice(0, MAX_NAME - extension.length).replace(/[.\s]+$/, "");
  return `${bounded || "attachment"}${extension}`;
}
