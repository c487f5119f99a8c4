/**
 * The staff's QA tools (qaApi): how much demo data exists, seeding and removing it, a fake request and a test
 * notification. Keys are under ["qa"]; what the tools change elsewhere (the pipeline, the dashboard, the
 * badges) refreshes through the realtime topics the server sends.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/qa";
import type { qaApi } from "@/shared/contracts/qa";

const qa = endpointsOf<typeof qaApi>("qa");

export type QaStatus = Wire<typeof contract.qaStatusSchema>;
export type QaSeedResult = Wire<typeof contract.qaSeedResultSchema>;
export type QaRemoveResult = Wire<typeof contract.qaRemoveResultSchema>;
export type QaFakeRequestResult = Wire<typeof contract.qaFakeRequestResultSchema>;
export type QaTestNotificationResult = Wire<typeof contract.qaTestNotificationResultSchema>;

export const qaQueries = {
  all: qa.all,
  /** A 404 ("QA tools are turned off on this deployment.") where the tools are disabled; never retried (4xx). */
  status: () => qa.query("GET /admin/qa"),
};

/** Demo data comes and goes with requests: the count again. */
export const qaRealtime = { requests: [qaQueries.all] };

function useQaMutation<T>(mutationFn: () => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: qaQueries.all }) });
}

export const useSeedDemoData = () => useQaMutation(() => qa.call("POST /admin/qa/seed"));
export const useRemoveDemoData = () => useQaMutation(() => qa.call("DELETE /admin/qa/seed"));
/** 409 QA_NO_CLIENT when there is no client to ask it, or the member's monthly limit is reached. */
export const useCreateFakeRequest = () => useQaMutation(() => qa.call("POST /admin/qa/fake-request"));
/** 409 QA_NO_REQUEST when there is no request to write about. */
export const useSendTestNotification = () => useQaMutation(() => qa.call("POST /admin/qa/test-notification"));
/** Test mode: a bank transfer reached a request's open balance invoice (409 when none is open). */
export const useBankTransfer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requestId: string; amountCents?: number }) =>
      qa.call("POST /admin/qa/bank-transfer", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: qaQueries.all }),
  });
};
