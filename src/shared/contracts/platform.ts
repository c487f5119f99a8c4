/** The platform's own routes: health and the public configuration. */
import { z } from "zod";

export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
});
export const publicConfigSchema = z.object({ appName: z.string(), contactEmail: z.string() });
