/**
 * The account's calls (accountApi): signing up and in (with two-factor), resetting a password, verifying the
 * email, the profile, two-factor, deletion, and what the app does around them (the owner check after sign-in,
 * the session refreshed when it changes), signing out and a new verification link.
 */
import { msg } from "@lingui/core/macro";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "@/client/lib/api";
import { endpointsOf } from "@/client/lib/endpoints";
import { i18n } from "@/client/lib/i18n";
import type { RealtimeRefresh } from "@/client/lib/realtime";
import { sessionQueryKey } from "@/client/lib/session";
import { uploadFile } from "@/client/lib/upload";
import type * as contract from "@/shared/contracts/account";
import type { accountApi } from "@/shared/contracts/account";
import type { Wire } from "@/shared/contracts/common";
import type { WireAnswer } from "@/shared/contracts/endpoint";
import type { Locale } from "@/shared/locales";
import type { ChangePasswordInput, SignInInput, SignUpInput } from "@/shared/schemas";

/** What the profile form sends: name, phone and the invoicing details ("" clears one). */
export type ProfileInput = {
  name: string;
  phone: string;
  billingName?: string;
  billingAddress?: string;
  taxId?: string;
};

export const account = endpointsOf<typeof accountApi>("account");

export type AccountSession = Wire<typeof contract.accountSessionSchema>;

export const accountQueries = {
  /** The member's active sessions, this one first. */
  sessions: () => account.query("GET /account/sessions"),
};

/** A session was signed in, out, or the password changed (on any tab or device): the list again. */
export const accountRealtime: RealtimeRefresh = { session: [accountQueries.sessions().queryKey] };

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) => account.call("POST /account/password", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => account.call("DELETE /account/sessions/:sessionId", { params: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => account.call("POST /account/sessions/sign-out-others"),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  });
}

/** The spec's wait after an owner upgrade, before the membership is reloaded. */
export const OWNER_UPGRADE_WAIT_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useAfterSignIn() {
  const queryClient = useQueryClient();
  return async () => {
    // check-owner-status: a failure is skipped, as the spec says.
    const owner = await account.call("POST /account/check-owner-status").catch(() => null);
    if (owner?.upgraded) await wait(OWNER_UPGRADE_WAIT_MS);
    await queryClient.resetQueries({ queryKey: sessionQueryKey });
  };
}

export function useSignIn() {
  return useMutation({ mutationFn: (body: SignInInput) => account.call("POST /auth/sign-in", { body }) });
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: ({ code, backup }: { code: string; backup: boolean }) =>
      account.call(backup ? "POST /auth/two-factor/verify-backup-code" : "POST /auth/two-factor/verify-totp", {
        body: { code },
      }),
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpInput) => account.call("POST /auth/sign-up", { body }) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => account.call("POST /auth/forgot-password", { body: { email } }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) => account.call("POST /auth/reset-password", { body }),
  });
}

/** The link from the confirmation email; an owner's upgrade may follow, so the session is reloaded. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => account.call("POST /auth/verify-email", { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileInput) => account.call("PUT /profile", { body }),
    onSuccess: (info) => queryClient.setQueryData(sessionQueryKey, info),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => account.call("DELETE /account", { body: { password } }),
    onSuccess: () => queryClient.clear(),
  });
}

/** The file the export endpoint answers (a download link). */
export const exportUrl = () => account.url("GET /account/export");

export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => account.call("POST /auth/two-factor/enable", { body: { password } }),
  });
}

/** Invalidates the session when done: the user's twoFactorEnabled flag changed. */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => account.call("POST /auth/two-factor/verify-totp", { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => account.call("POST /auth/two-factor/disable", { body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Sign-out ignores 401, 403 and 404 (the session is already gone) and always clears local state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await account.call("POST /auth/sign-out");
      } catch (error) {
        if (!(error instanceof ApiError && [401, 403, 404].includes(error.status))) throw error;
      }
    },
    onSettled: () => {
      queryClient.clear();
    },
  });
}

const SIGN_OUT_FAILED = msg`Error signing out`;

/** 'Error signing out', unless the message mentions a session (then it is already over). */
export function signOutErrorMessage(error: unknown): string | null {
  const message = error instanceof Error ? error.message : "";
  return /session/i.test(message) ? null : i18n._(SIGN_OUT_FAILED);
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => account.call("POST /account/verify-email/resend") });
}

/** The interface's language, kept on the member's profile (their emails and notifications follow it). */
export const saveLanguage = (language: Locale) => account.call("PUT /profile/language", { body: { language } });

/** A staff member's card as members see it (issue 34 item 1): the name they go by, a line and a photo. */
export type StaffCardSettings = WireAnswer<(typeof accountApi)["GET /admin/profile/card"]>;
export const staffCardQuery = () => account.query("GET /admin/profile/card");

/** Saving the name and line, or the photo (uploaded with its progress), or removing the photo. */
export function useStaffCard() {
  const queryClient = useQueryClient();
  const saved = (settings: StaffCardSettings) => queryClient.setQueryData(staffCardQuery().queryKey, settings);
  return {
    save: useMutation({
      mutationFn: (body: { publicName: string; headline: string }) => account.call("PUT /admin/profile/card", { body }),
      onSuccess: saved,
    }),
    upload: useMutation({
      mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) =>
        uploadFile<StaffCardSettings>(account.url("POST /admin/profile/card/photo"), file, onProgress),
      onSuccess: saved,
    }),
    removePhoto: useMutation({
      mutationFn: () => account.call("DELETE /admin/profile/card/photo"),
      onSuccess: saved,
    }),
  };
}

/** The team's security settings (decision 050): admins only. */
export const securityQueries = {
  settings: () => account.query("GET /admin/security"),
};

export function useSaveSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (twoFactorRequired: boolean) => account.call("PUT /admin/security", { body: { twoFactorRequired } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueries.settings().queryKey }),
  });
}

export function useChangeRole() {
  return useMutation({
    mutationFn: (body: { email: string; role: "client" | "staff" | "admin" }) =>
      account.call("PUT /admin/roles", { body }),
  });
}

/** Proves the second factor again in this session (a code from the app): capturing, refunding, changing roles. */
export const proveSecondFactor = (code: string) =>
  account.call("POST /auth/two-factor/verify-totp", { body: { code } });
