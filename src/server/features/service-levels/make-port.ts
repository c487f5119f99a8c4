/** How the service levels answer their port (`port.ts`); app.ts plugs it in. */
import type { ServiceLevelsPort } from "./port";
import { clocksOf, type ServiceLevelsContext, sweep } from "./service";

export const makeServiceLevelsPort = (ctx: ServiceLevelsContext): ServiceLevelsPort => ({
  clocksOf: (db, keys) => clocksOf(ctx, db, keys),
  sweep: () => sweep(ctx),
});
