/**
 * The staff's quote editor's form: what is typed (prices in euro as text, dates as "YYYY-MM-DD" or empty, the
 * uploaded photos) checked with the shared rules and texts, then turned into the contract's QuoteInput (integer
 * cents, photo ids). The server checks the same rules again.
 */

import { z } from "zod";
import { quoteFileSchema } from "@/shared/contracts/quotes";
import { QUOTE_MESSAGES } from "@/shared/contracts/quotes-texts";
import { lisbonDate } from "@/shared/dates";
import {
  DEFAULT_VAT_RATE,
  defaultValidUntil,
  holdAmountCents,
  QUOTE_MAX_OPTIONS,
  QUOTE_MAX_PRICE_CENTS,
  QUOTE_MIN_PRICE_CENTS,
  QUOTE_OPTION_MAX_PHOTOS,
  VAT_RATES,
} from "@/shared/quotes";
import { vatOf } from "@/shared/tax";
import type { Quote, QuoteInput } from "./api";
import { centsToEuroInput, parseEuroToCents } from "./money";

export function quoteFormSchema(today: string = lisbonDate()) {
  const option = z.object({
    title: z.string().trim().min(1, QUOTE_MESSAGES.optionTitleRequired).max(200),
    description: z.string().max(4000),
    price: z
      .string()
      .trim()
      .min(1, QUOTE_MESSAGES.priceFormat)
      .transform((value, ctx) => {
        const cents = parseEuroToCents(value);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: QUOTE_MESSAGES.priceFormat });
          return z.NEVER;
        }
        return cents;
      })
      .pipe(
        z
          .number()
          .min(QUOTE_MIN_PRICE_CENTS, QUOTE_MESSAGES.priceTooLow)
          .max(QUOTE_MAX_PRICE_CENTS, QUOTE_MESSAGES.priceTooHigh),
      ),
    supplierTerms: z.string().max(4000),
    estimatedDelivery: z.string().refine((day) => day === "" || day >= today, QUOTE_MESSAGES.deliveryDatePast),
    photos: z.array(quoteFileSchema).max(QUOTE_OPTION_MAX_PHOTOS, QUOTE_MESSAGES.tooManyPhotos),
    vatRate: z.enum(VAT_RATES, QUOTE_MESSAGES.vatRateInvalid),
  });
  return z.object({
    options: z
      .array(option)
      .min(1, QUOTE_MESSAGES.optionsRequired)
      .max(QUOTE_MAX_OPTIONS, QUOTE_MESSAGES.tooManyOptions),
    validUntil: z
      .string()
      .min(1, QUOTE_MESSAGES.validUntilRequired)
      .refine((day) => day >= today, QUOTE_MESSAGES.validUntilPast),
    message: z.string().max(2000),
  });
}
export type QuoteFormSchema = ReturnType<typeof quoteFormSchema>;
export type QuoteFormValues = z.input<QuoteFormSchema>;
export type QuoteFormOption = QuoteFormValues["options"][number];

export const emptyOption = (): QuoteFormOption => ({
  title: "",
  description: "",
  price: "",
  supplierTerms: "",
  estimatedDelivery: "",
  photos: [],
  vatRate: DEFAULT_VAT_RATE,
});

/**
 * A new quote, an existing draft to change, or a revision of a declined one (its options, a new validity); a
 * new quote and a revision start valid for QUOTE_DEFAULT_VALIDITY_DAYS, which staff may change.
 */
export function formValuesOf(quote?: Quote, { revise = false, today = lisbonDate() } = {}): QuoteFormValues {
  if (!quote) return { options: [emptyOption()], validUntil: defaultValidUntil(today), message: "" };
  return {
    options: quote.options.map((option) => ({
      title: option.title,
      description: option.description,
      price: centsToEuroInput(option.priceCents),
      supplierTerms: option.supplierTerms,
      estimatedDelivery: option.estimatedDelivery ?? "",
      photos: option.photos,
      vatRate: option.vatRate,
    })),
    validUntil: revise ? defaultValidUntil(today) : quote.validUntil,
    message: revise ? "" : quote.message,
  };
}

export function toQuoteInput(values: z.output<QuoteFormSchema>): QuoteInput {
  return {
    options: values.options.map((option) => ({
      title: option.title,
      description: option.description.trim(),
      priceCents: option.price,
      supplierTerms: option.supplierTerms.trim(),
      estimatedDelivery: option.estimatedDelivery || null,
      photoIds: option.photos.map((photo) => photo.id),
      vatRate: option.vatRate,
    })),
    validUntil: values.validUntil,
    message: values.message.trim(),
  };
}

/**
 * What is typed so far as the quote the member will receive ('Preview as member', issue 34 item 2): a price not
 * understood yet counts as nothing; the server computes the same hold and VAT once it is saved.
 */
export function previewQuote(values: QuoteFormValues): Quote {
  return {
    id: "preview",
    status: "sent",
    expired: false,
    validUntil: values.validUntil || lisbonDate(),
    message: values.message.trim(),
    options: values.options.map((option, index) => {
      const priceCents = parseEuroToCents(option.price ?? "") ?? 0;
      return {
        id: `preview-${index}`,
        position: index + 1,
        title: option.title.trim(),
        description: option.description.trim(),
        priceCents,
        holdCents: holdAmountCents(priceCents),
        supplierTerms: option.supplierTerms.trim(),
        estimatedDelivery: option.estimatedDelivery || null,
        photos: option.photos,
        vatRate: option.vatRate,
        vatCents: vatOf(priceCents, option.vatRate),
      };
    }),
    acceptedOptionId: null,
    declineReason: null,
    createdAt: new Date().toISOString(),
    sentAt: null,
    answeredAt: null,
  };
}
