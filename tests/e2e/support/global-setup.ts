/**
 * Before the journeys (the server is up by then): the admin signs in once, through the sign-in route, and the
 * session's cookies are kept in ADMIN_STATE. Every journey that needs "the admin, signed in" opens its browser
 * context with them (adminPage, signInAsAdmin in users.ts) instead of signing in again, a password hash checked
 * per journey on the server; signing in itself is auth.spec.ts's journey, through the form.
 */
import { type FullConfig, request } from "@playwright/test";
import { api } from "./api";
import { ADMIN_STATE, E2E_ADMIN } from "./users";

export default async function globalSetup(config: FullConfig) {
  const context = await request.newContext({ baseURL: config.projects[0]?.use.baseURL });
  try {
    const response = await api(context, "POST /auth/sign-in", {
      body: { email: E2E_ADMIN.email, password: E2E_ADMIN.password },
    });
    if (!response.ok()) throw new Error(`The admin could not sign in: ${response.status()} ${await response.text()}`);
    await context.storageState({ path: ADMIN_STATE });
  } finally {
    await context.dispose();
  }
}
