/** A deal's statement (statementApi, statementStaffApi): under ["quotes"], refreshed by the "deal" topic. */
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type { statementApi, statementSchema, statementStaffApi } from "@/shared/contracts/statement";

const member = endpointsOf<typeof statementApi>("quotes");
const staff = endpointsOf<typeof statementStaffApi>("quotes");

export type Statement = Wire<typeof statementSchema>;
export type StatementLine = Statement["lines"][number];

export const statementQueries = {
  member: (id: string) => member.query("GET /requests/:id/statement", { params: { id } }, { retry: false }),
  staff: (id: string) => staff.query("GET /admin/requests/:id/statement", { params: { id } }, { retry: false }),
};
