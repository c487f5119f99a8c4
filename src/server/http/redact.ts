/** Keeps secrets out of logs and error messages. */

/** Query parameters whose values are secrets (one-time links, sessions, checkout ids). */
const SENSITIVE_PARAMS = /^(token|code|session_id|password|secret|key|signature|state)$/i;

/** A request URL with the values of sensitive query parameters replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf("?");
  if (question < 0) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const name of new Set(params.keys())) {
    if (SENSITIVE_PARAMS.test(name)) {
      params.set(name, "[redacted]");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, question)}?${params.toString()}` : url;
}

/** A connection URL with its password hidden (postgres://user:[redacted]@host/db). */
export function redactCredentials(value: string): string {
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = "[redacted]";
    return url.toString();
  } catch {
    return value.replace(/(\/\/[^:/@]+:)[^@]*@/, "$1[redacted]@");
  }
}
