/** The test app most server test files start with: one app (no workers) and one staff member. */
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type TestContext } from "./app";
import { createUser, type TestUser } from "./users";

export interface StaffTestApp {
  ctx: TestContext;
  staff: TestUser;
}

/**
 * Call at the top of a test file: registers the hooks that start the app and make a staff member before the
 * file's tests (then hand both to `onStart`), and close the app after them; the answer holds both once started.
 */
export function staffTestApp(onStart: (started: StaffTestApp) => void = () => {}) {
  const state = {} as StaffTestApp;
  beforeAll(async () => {
    state.ctx = await createTestApp({ deps: { startWorkers: false } });
    state.staff = await createUser(state.ctx, { role: "staff" });
    onStart(state);
  });
  afterAll(() => state.ctx.close());
  return state;
}
