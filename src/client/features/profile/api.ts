import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sessionQueryKey } from "@/client/features/auth/session";
import { api } from "@/client/lib/api";
import type { SessionInfo } from "@/shared/session";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; phone: string }) => api.put<SessionInfo>("/api/profile", input),
    onSuccess: (info) => queryClient.setQueryData(sessionQueryKey, info),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.delete("/api/account", { password }),
    onSuccess: () => queryClient.clear(),
  });
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      api.post<{ totpURI: string; backupCodes: string[] }>("/api/auth/two-factor/enable", { password }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post("/api/auth/two-factor/verify-totp", { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api.post("/api/auth/two-factor/disable", { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<{ message: string }>("/api/account/verify-email/resend"),
  });
}
