/** A quote's statement (statementApi, statementAdminApi): under ["quotes"], refreshed by the "quotes" topic. */
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type { statementAdminApi, statementApi, statementSchema } from "@/shared/contracts/statement";

const member = endpointsOf<typeof statementApi>("quotes");
const staff = endpointsOf<typeof statementAdminApi>("quotes");

export type Statement = Wire<typeof statementSchema>;
export type StatementLine = Statement["lines"][number];

export const statementQueries = {
  member: (id: string) => member.query("GET /requests/:id/statement", { params: { id } }, { retry: false }),
  staff: (id: string) => staff.query("GET /admin/requests/:id/statement", { params: { id } }, { retry: false }),
};
