/** Auth calls and what the app does around them (owner check after sign-in, cache reset at sign-out). */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api";
import { sessionQueryKey } from "@/client/lib/session";
import type { ownerCheckSchema, signInResultSchema, verifiedSchema } from "@/shared/contracts/account";
import type { messageSchema, Wire } from "@/shared/contracts/common";
import type { SignInInput, SignUpInput } from "@/shared/schemas";

/** The spec's wait after an owner upgrade, before the membership is reloaded. */
export const OWNER_UPGRADE_WAIT_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useAfterSignIn() {
  const queryClient = useQueryClient();
  return async () => {
    // check-owner-status: a failure is skipped, as the spec says.
    const owner = await api.post<Wire<typeof ownerCheckSchema>>("/api/account/check-owner-status").catch(() => null);
    if (owner?.upgraded) await wait(OWNER_UPGRADE_WAIT_MS);
    await queryClient.resetQueries({ queryKey: sessionQueryKey });
  };
}

export function useSignIn() {
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<Wire<typeof signInResultSchema>>("/api/auth/sign-in", input),
  });
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: ({ code, backup }: { code: string; backup: boolean }) =>
      backup
        ? api.post("/api/auth/two-factor/verify-backup-code", { code })
        : api.post("/api/auth/two-factor/verify-totp", { code }),
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: (input: SignUpInput) => api.post("/api/auth/sign-up", input) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => api.post<Wire<typeof messageSchema>>("/api/auth/forgot-password", { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) => api.post("/api/auth/reset-password", input),
  });
}

/** The link from the confirmation email; an owner's upgrade may follow, so the session is reloaded. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<Wire<typeof verifiedSchema>>("/api/auth/verify-email", { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
