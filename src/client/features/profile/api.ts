/** The member's own account: profile, deletion and two-factor. Each refreshes the session it changes. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import { sessionQueryKey } from "@/client/lib/session";
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

/** better-auth's own endpoint (mounted in src/server/auth/routes.ts), which has no contract of ours. */
interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api.post<TwoFactorSetup>("/api/auth/two-factor/enable", { password }),
  });
}

/** Invalidates the session when done: the user's twoFactorEnabled flag changed. */
function useTwoFactorChange(path: string, field: "code" | "password") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) => api.post(path, { [field]: value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export const useConfirmTwoFactor = () => useTwoFactorChange("/api/auth/two-factor/verify-totp", "code");
export const useDisableTwoFactor = () => useTwoFactorChange("/api/auth/two-factor/disable", "password");
