/**
 * The staff's quote editor's form: what is typed (prices in euro as text, dates as "YYYY-MM-DD" or empty, the
 * uploaded photos) checked with the shared rules and texts, then turned into the contract's QuoteInput (integer
 * cents, photo ids). The server checks the same rules again.
 */

import { z } from "zod";
import { quoteFileSchema } from "@/shared/contracts/quotes";
import { lisbonDate } from "@/shared/dates";
import {
  DEFAULT_VAT_RATE,
  QUOTE_MAX_OPTIONS,
  QUOTE_MAX_PRICE_CENTS,
  QUOTE_MESSAGES,
  QUOTE_MIN_PRICE_CENTS,
  QUOTE_OPTION_MAX_PHOTOS,
  VAT_RATES,
} from "@/shared/quotes";
import type { Quote, QuoteInput } from "./api";
import { centsToEuroInput, parseEuroToCents } from "./money";

/** The editor's own validation texts are shared keyed texts (src/shared/messages.ts), shown translated. */
export const PRICE_FORMAT_MESSAGE = QUOTE_MESSAGES.priceFormat;

export function quoteFormSchema(today: string = lisbonDate()) {
  const option = z.object({
    title: z.string().trim().min(1, QUOTE_MESSAGES.optionTitleRequired).max(200),
    description: z.string().max(4000),
    price: z
      .string()
      .trim()
      .min(1, PRICE_FORMAT_MESSAGE)
      .transform((value, ctx) => {
        const cents = parseEuroToCents(value);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: PRICE_FORMAT_MESSAGE });
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

/** A new quote, an existing draft to change, or a revision of a declined one (its options, a new validity). */
export function formValuesOf(quote?: Quote, { revise = false } = {}): QuoteFormValues {
  if (!quote) return { options: [emptyOption()], validUntil: "", message: "" };
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
    validUntil: revise ? "" : quote.validUntil,
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
