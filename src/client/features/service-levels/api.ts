/**
 * Service levels (issue 31 item 3, decision 049): the admins' settings, the conversations' clocks and the 30-day
 * report. Query keys are defined once, in `serviceLevelsQueries`; types come from the contract.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type {
  ServiceLevelSettingsInput,
  serviceLevelReportSchema,
  serviceLevelSettingsSchema,
  serviceLevelsAdminApi,
} from "@/shared/contracts/service-levels";

const serviceLevels = endpointsOf<typeof serviceLevelsAdminApi>("service-levels");

export type ServiceLevelSettings = Wire<typeof serviceLevelSettingsSchema>;
export type ServiceLevelReport = Wire<typeof serviceLevelReportSchema>;

export const serviceLevelsQueries = {
  all: serviceLevels.all,
  settings: () => serviceLevels.query("GET /admin/service-levels/settings"),
  report: () => serviceLevels.query("GET /admin/service-levels/report"),
  /** The clocks of conversations ("request:<id>", "concierge:<member id>"). */
  clocks: (keys: string[]) =>
    serviceLevels.query("GET /admin/service-levels/clocks", { query: { keys: keys.join(",") } }),
};

/** A message or a status change moves the clocks: the pages showing them refetch (app/realtime.ts joins these). */
export const serviceLevelsRealtime = {
  requests: [serviceLevelsQueries.all],
  messages: [serviceLevelsQueries.all],
  concierge: [serviceLevelsQueries.all],
};

export function useSaveServiceLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ServiceLevelSettingsInput) => serviceLevels.call("PUT /admin/service-levels/settings", { body }),
    onSuccess: (data) => queryClient.setQueryData(serviceLevelsQueries.settings().queryKey, data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceLevelsQueries.all }),
  });
}

export function useSweepServiceLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => serviceLevels.call("POST /admin/service-levels/sweep"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceLevelsQueries.all }),
  });
}
