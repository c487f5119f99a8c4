/** Country codes offered by the sign-up form (15) and the request form (20), in the spec's order. */
export const SIGNUP_COUNTRY_CODES = [
  "+1",
  "+44",
  "+33",
  "+49",
  "+34",
  "+39",
  "+351",
  "+31",
  "+32",
  "+41",
  "+61",
  "+81",
  "+86",
  "+91",
  "+55",
] as const;

export const REQUEST_COUNTRY_CODES = [
  "+1",
  "+44",
  "+33",
  "+49",
  "+39",
  "+34",
  "+31",
  "+32",
  "+41",
  "+43",
  "+351",
  "+353",
  "+45",
  "+46",
  "+47",
  "+358",
  "+971",
  "+65",
  "+852",
  "+61",
] as const;

export const DEFAULT_COUNTRY_CODE = "+351";

/** The phone inputs keep only digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, "");
}

export function joinPhone(countryCode: string, digits: string): string {
  return `${countryCode}${digitsOnly(digits)}`;
}

/** Splits a stored phone such as +351912345678 into the longest known code and the rest. */
export function splitPhone(
  phone: string | null | undefined,
  codes: readonly string[] = REQUEST_COUNTRY_CODES,
): { countryCode: string; digits: string } {
  const value = (phone ?? "").replace(/\s+/g, "");
  const code = [...codes].sort((a, b) => b.length - a.length).find((c) => value.startsWith(c));
  if (!code) return { countryCode: DEFAULT_COUNTRY_CODE, digits: digitsOnly(value) };
  return { countryCode: code, digits: digitsOnly(value.slice(code.length)) };
}
