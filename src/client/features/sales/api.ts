/**
 * Sales inquiries: every member writes to sales and reads their own; staff reply and close. Query keys are
 * defined once, in `salesQueries`; the answers' types come from src/shared/contracts/sales.ts.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/sales";
import type { salesAdminApi, salesApi } from "@/shared/contracts/sales";
import type { salesInquirySchema } from "@/shared/schemas";

const sales = endpointsOf<typeof salesApi>("sales");
const staff = endpointsOf<typeof salesAdminApi>("sales");

export type SalesInquiryInput = z.output<typeof salesInquirySchema>;
export type Inquiry = Wire<typeof contract.inquirySchema>;
export type AdminInquiry = Wire<typeof contract.staffInquiryListSchema>["items"][number];

export const salesQueries = {
  all: sales.all,
  /** The member's own inquiries, newest first. */
  mine: () => sales.query("GET /sales/inquiries"),
  /** Staff: every inquiry, with its member. */
  staff: () => staff.query("GET /admin/sales"),
};

/** An inquiry was sent, answered or closed. */
export const salesRealtime = {
  sales: [salesQueries.all],
};

export function useSendInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesInquiryInput) => sales.call("POST /sales/inquiries", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueries.all }),
  });
}

export function useReplyInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      staff.call("POST /admin/sales/:id/reply", { params: { id }, body: { reply } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesQueries.all }),
  });
}

export function useCloseInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => staff.call("POST /admin/sales/:id/close", { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesQueries.all }),
  });
}
