/**
 * Sales inquiries: every member writes to sales and reads their own; staff reply and close. Query keys are
 * defined once, in `salesQueries`; the answers' types come from src/shared/contracts/sales.ts.
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/client/lib/api";
import type { Wire } from "@/shared/contracts/common";
import type * as contract from "@/shared/contracts/sales";
import type { salesInquirySchema } from "@/shared/schemas";

export type SalesInquiryInput = z.output<typeof salesInquirySchema>;
export type Inquiry = Wire<typeof contract.inquirySchema>;
export type StaffInquiry = Wire<typeof contract.staffInquiryListSchema>["items"][number];

const encode = encodeURIComponent;

export const salesQueries = {
  all: ["sales"] as const,
  /** The member's own inquiries, newest first. */
  mine: () =>
    queryOptions({
      queryKey: [...salesQueries.all, "mine"],
      queryFn: () => api.get<Wire<typeof contract.inquiryListSchema>>("/api/sales/inquiries"),
    }),
  /** Staff: every inquiry, with its member. */
  staff: () =>
    queryOptions({
      queryKey: [...salesQueries.all, "staff"],
      queryFn: () => api.get<Wire<typeof contract.staffInquiryListSchema>>("/api/admin/sales"),
    }),
};

/** An inquiry was sent, answered or closed. */
export const salesRealtime = {
  sales: [salesQueries.all],
};

export function useSendInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SalesInquiryInput) => api.post<{ id: string }>("/api/sales/inquiries", values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: salesQueries.all }),
  });
}

export function useReplyInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      api.post<{ id: string; status: "responded" }>(`/api/admin/sales/${encode(id)}/reply`, { reply }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesQueries.all }),
  });
}

export function useCloseInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ id: string; status: "closed" }>(`/api/admin/sales/${encode(id)}/close`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: salesQueries.all }),
  });
}
