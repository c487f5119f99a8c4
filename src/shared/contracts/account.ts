/** Accounts: sign-up, sign-in, reset, verification, the session summary, profile, export and deletion. */
import { z } from "zod";
import { LOCALES } from "../locales";
import { PLANS, SUBSCRIPTION_STATUSES } from "../plans";
import { VAT_RATES } from "../quotes";
import { ROLES } from "../roles";
import {
  changePasswordSchema,
  deleteAccountSchema,
  newPasswordSchema,
  PASSWORD_MAX_LENGTH,
  passwordResetRequestSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from "../schemas";
import { staffCardInput, staffCardSettingsSchema } from "../staff-card";
import { DEVICE_KINDS, messageSchema, okSchema, timestamp } from "./common";
import { endpoints } from "./endpoint";

export {
  changePasswordSchema,
  deleteAccountSchema,
  newPasswordSchema,
  passwordResetRequestSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
};

/** GET /api/me (and PUT /api/profile): who is signed in, their role and membership. */
export const sessionInfoSchema = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      twoFactorEnabled: z.boolean(),
      emailVerified: z.boolean(),
    })
    .nullable(),
  profile: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      language: z.enum(LOCALES),
      /** Invoicing details (issue 30, decision 034): the name and address invoices are made out to, the NIF. */
      billingName: z.string().nullable(),
      billingAddress: z.string().nullable(),
      taxId: z.string().nullable(),
    })
    .nullable(),
  role: z.enum(ROLES).nullable(),
  subscription: z
    .object({
      plan: z.enum(PLANS),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
      /** No payment-provider customer: granted by the house, cancelled in-app. */
      complimentary: z.boolean(),
    })
    .nullable(),
});

/** PUT /api/profile/language: the interface language the member chose. */
export const languageSchema = z.object({ language: z.enum(LOCALES) });

export const signInResultSchema = z.object({ twoFactorRequired: z.boolean() });
export const verifiedSchema = z.object({ verified: z.literal(true) });
export const ownerCheckSchema = z.object({ upgraded: z.boolean() });

export { DEVICE_KINDS };

/** GET /api/account/sessions: one of the member's active sessions (signed-in browsers). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the user agent. */
  device: z.string(),
  /** Its key and values (decision 028), for the reader's language. */
  deviceKey: z.string().optional(),
  deviceParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  kind: z.enum(DEVICE_KINDS),
  /** The network address it signed in from, when known. */
  address: z.string().nullable(),
  signedInAt: timestamp,
  lastSeenAt: timestamp,
  /** The session this request came with ("This device"). */
  current: z.boolean(),
});
export const accountSessionsSchema = z.array(accountSessionSchema);
/** A session's id (the library's: letters and digits). */
export const sessionParamsSchema = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
export const signedOutSchema = z.object({ signedOut: z.number().int() });

/** GET /api/account/export: everything the member's account holds (GDPR data portability). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z
    .object({
      email: z.string(),
      name: z.string(),
      phone: z.string().nullable(),
      billingName: z.string().nullable(),
      billingAddress: z.string().nullable(),
      taxId: z.string().nullable(),
      createdAt: timestamp,
    })
    .nullable(),
  subscription: z
    .object({
      plan: z.enum(PLANS),
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodEnd: timestamp.nullable(),
      cancelAtPeriodEnd: z.boolean(),
      createdAt: timestamp,
    })
    .nullable(),
  notificationPreferences: z
    .object({ email: z.boolean(), slack: z.boolean(), sms: z.boolean(), push: z.boolean(), pushPreview: z.boolean() })
    .nullable(),
  /** The devices with push on (what they are, not their push addresses). */
  pushDevices: z.array(z.object({ device: z.string(), createdAt: timestamp, lastUsedAt: timestamp.nullable() })),
  requests: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.string(),
      budgetEur: z.number(),
      urgency: z.string(),
      notes: z.string().nullable(),
      phoneNumber: z.string().nullable(),
      status: z.string(),
      fileName: z.string().nullable(),
      fileType: z.string().nullable(),
      fileSize: z.number().nullable(),
      paymentIntentId: z.string().nullable(),
      createdAt: timestamp,
    }),
  ),
  messages: z.array(
    z.object({ id: z.string(), requestId: z.string(), body: z.string(), createdAt: timestamp, fromMe: z.boolean() }),
  ),
  conciergeMessages: z.array(z.object({ senderRole: z.string(), message: z.string(), createdAt: timestamp })),
  salesInquiries: z.array(
    z.object({
      subject: z.string(),
      message: z.string(),
      status: z.string(),
      adminReply: z.string().nullable(),
      createdAt: timestamp,
    }),
  ),
  notifications: z.array(
    z.object({
      type: z.string(),
      title: z.string(),
      body: z.string().nullable(),
      read: z.boolean(),
      createdAt: timestamp,
    }),
  ),
  /** The quotes the member received (never the team's drafts), with their options. */
  quotes: z.array(
    z.object({
      id: z.string(),
      requestId: z.string(),
      status: z.string(),
      message: z.string(),
      validUntil: z.string(),
      acceptedOptionId: z.string().nullable(),
      declineReason: z.string().nullable(),
      sentAt: timestamp.nullable(),
      answeredAt: timestamp.nullable(),
      options: z.array(
        z.object({
          id: z.string(),
          position: z.number(),
          title: z.string(),
          description: z.string(),
          priceCents: z.number(),
          supplierTerms: z.string(),
          estimatedDelivery: z.string().nullable(),
          /** The VAT the price included (decision 034). */
          vatRate: z.enum(VAT_RATES),
        }),
      ),
    }),
  ),
  /** The card holds: amounts in cents, what was captured, and when each step happened. */
  holds: z.array(
    z.object({
      requestId: z.string(),
      optionId: z.string(),
      status: z.string(),
      amountCents: z.number(),
      capturedCents: z.number(),
      paymentIntentId: z.string().nullable(),
      receiptUrl: z.string().nullable(),
      expiresAt: timestamp.nullable(),
      heldAt: timestamp.nullable(),
      capturedAt: timestamp.nullable(),
      releasedAt: timestamp.nullable(),
      refundedAt: timestamp.nullable(),
      createdAt: timestamp,
    }),
  ),
  deliveries: z.array(
    z.object({
      requestId: z.string(),
      status: z.string(),
      note: z.string(),
      deliveredAt: timestamp,
      answeredAt: timestamp.nullable(),
      problem: z.string().nullable(),
    }),
  ),
  /** The account's active sessions: device, address, when signed in and last seen. */
  sessions: z.array(
    z.object({ device: z.string(), address: z.string().nullable(), signedInAt: timestamp, lastSeenAt: timestamp }),
  ),
});

/** Two-factor: the password to turn it on or off, a code from the app (or a backup code) to confirm or sign in. */
export const twoFactorPasswordSchema = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export const twoFactorCodeSchema = z.object({ code: z.string().trim().min(1).max(64) });
export const twoFactorSetupSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });

export const teamMemberParams = z.object({ userId: z.string().min(1).max(100) });

/** The team's security settings (decision 050): whether staff and admins must have two-factor. */
export const securitySettingsSchema = z.object({ twoFactorRequired: z.boolean() });
/** An admin gives someone a role, by their email address (decision 050). */
export const roleChangeSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  role: z.enum(ROLES),
});
export const roleChangedSchema = z.object({ userId: z.string(), email: z.string(), role: z.enum(ROLES) });

export const accountApi = endpoints({
  "POST /auth/sign-up": { access: "public", body: signUpSchema, answer: okSchema, created: true },
  "POST /auth/sign-in": { access: "public", body: signInSchema, answer: signInResultSchema },
  /** The same answer whether or not the account exists. */
  "POST /auth/forgot-password": { access: "public", body: passwordResetRequestSchema, answer: messageSchema },
  "POST /auth/reset-password": { access: "public", body: newPasswordSchema, answer: okSchema },
  "POST /auth/verify-email": { access: "public", body: verifyEmailSchema, answer: verifiedSchema },
  // The auth library's own endpoints that we use (server/auth/library.ts calls them; the rest are closed).
  "POST /auth/sign-out": { access: "public", answer: okSchema },
  /** After a password sign-in that asked for it (no session yet), or to confirm turning it on. */
  "POST /auth/two-factor/verify-totp": { access: "public", body: twoFactorCodeSchema, answer: okSchema },
  "POST /auth/two-factor/verify-backup-code": { access: "public", body: twoFactorCodeSchema, answer: okSchema },
  "POST /auth/two-factor/enable": { access: "user", body: twoFactorPasswordSchema, answer: twoFactorSetupSchema },
  "POST /auth/two-factor/disable": { access: "user", body: twoFactorPasswordSchema, answer: okSchema },
  /** Who is signed in (`user: null` when nobody), their role and membership. */
  "GET /me": { access: "public", answer: sessionInfoSchema },
  "POST /account/verify-email/resend": { access: "user", answer: messageSchema },
  "POST /account/check-owner-status": { access: "user", answer: ownerCheckSchema },
  "PUT /profile": { access: "user", body: profileSchema, answer: sessionInfoSchema },
  /** The interface's language, chosen with the header's switch: the member's emails and notifications use it. */
  "PUT /profile/language": { access: "user", body: languageSchema, answer: okSchema },
  /** Everything we hold about the caller, as a JSON download. */
  "GET /account/export": { access: "user", answer: accountExportSchema },
  /** The current password, and optionally every other session signed out. */
  "POST /account/password": { access: "user", body: changePasswordSchema, answer: okSchema },
  /** The caller's active sessions, the current one first. */
  "GET /account/sessions": { access: "user", answer: accountSessionsSchema },
  /** Signs one of the caller's other sessions out (not the one in use: that is Sign Out). */
  "DELETE /account/sessions/:sessionId": { access: "user", params: sessionParamsSchema, answer: okSchema },
  "POST /account/sessions/sign-out-others": { access: "user", answer: signedOutSchema },
  /** The password again unless the session was signed in a few minutes ago. */
  /** Issue 34 item 1: the staff member's card as members see it (name, line, photo), and changing it. */
  "GET /admin/profile/card": { access: "staff", answer: staffCardSettingsSchema },
  "PUT /admin/profile/card": { access: "staff", body: staffCardInput, answer: staffCardSettingsSchema },
  /** One multipart JPEG, PNG or WebP image; it replaces the photo before it. */
  "POST /admin/profile/card/photo": { access: "staff", upload: true, answer: staffCardSettingsSchema },
  "DELETE /admin/profile/card/photo": { access: "staff", answer: staffCardSettingsSchema },
  /** A staff member's photo, to anyone signed in (a member sees their concierge's); 404 for anyone else's id. */
  "GET /team/:userId/photo": { access: "user", params: teamMemberParams },
  "DELETE /account": { access: "user", body: deleteAccountSchema.nullish(), answer: okSchema },
  /** Decision 050: the team's security settings (two-factor mandatory for staff), and roles. */
  "GET /admin/security": { access: "admin", answer: securitySettingsSchema },
  "PUT /admin/security": { access: "admin", body: securitySettingsSchema, answer: securitySettingsSchema },
  /** Asks for a fresh second factor (403 second_factor_required) when the last is older than 15 minutes. */
  "PUT /admin/roles": { access: "admin", body: roleChangeSchema, answer: roleChangedSchema },
});
