/** Accounts: sign-up, sign-in, reset, verification, the session summary, profile, export and deletion. */
import { z } from "zod";
import { PLANS, SUBSCRIPTION_STATUSES } from "../plans";
import { ROLES } from "../roles";
import { timestamp } from "./common";

export {
  deleteAccountSchema,
  newPasswordSchema,
  passwordResetRequestSchema,
  profileSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from "../schemas";

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
  profile: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
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

export const signInResultSchema = z.object({ twoFactorRequired: z.boolean() });
export const verifiedSchema = z.object({ verified: z.literal(true) });
export const ownerCheckSchema = z.object({ upgraded: z.boolean() });

/** GET /api/account/export: everything the member's account holds (GDPR data portability). */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  profile: z
    .object({ email: z.string(), name: z.string(), phone: z.string().nullable(), createdAt: timestamp })
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
  notificationPreferences: z.object({ email: z.boolean(), slack: z.boolean(), sms: z.boolean() }).nullable(),
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
});
