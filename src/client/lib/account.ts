/**
 * Account calls more than one feature makes: signing out (the profile, and any later screen with a sign-out
 * button) and asking for a new verification link (the profile's notice and the verify-email page).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { messageSchema, Wire } from "@/shared/contracts/common";
import { ApiError, api } from "./api";

/** Sign-out ignores 401, 403 and 404 (the session is already gone) and always clears local state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post("/api/auth/sign-out");
      } catch (error) {
        if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) throw error;
      }
    },
    onSettled: () => {
      queryClient.clear();
    },
  });
}

/** 'Error signing out', unless the message mentions a session (then it is already over). */
export function signOutErrorMessage(error: unknown): string | null {
  const message = error instanceof Error ? error.message : "";
  return /session/i.test(message) ? null : "Error signing out";
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<Wire<typeof messageSchema>>("/api/account/verify-email/resend"),
  });
}
