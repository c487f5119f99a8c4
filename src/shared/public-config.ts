/** What GET /api/config answers. The shape is the contract's. */
import type { Wire } from "./contracts/common";
import type { publicConfigSchema } from "./contracts/platform";

export type PublicConfig = Wire<typeof publicConfigSchema>;
