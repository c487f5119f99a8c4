/**
 * The names people read for the request's fixed values (statuses, categories, urgency), keyed (decision 028):
 * the values themselves stay English on the wire and in the database; screens, emails and notifications show
 * these. Plan names (Basic, Silver, Gold, Black) are names and read the same in every language.
 */
import type { RequestCategory, RequestStatus, Urgency } from "./requests";
import type { Keyed } from "./texts";

export const STATUS_LABELS: Record<RequestStatus, Keyed> = {
  New: /*i18n*/ { id: "status.new", message: "New" },
  Sourcing: /*i18n*/ { id: "status.sourcing", message: "Sourcing" },
  Quoted: /*i18n*/ { id: "status.quoted", message: "Quoted" },
  Found: /*i18n*/ { id: "status.found", message: "Found" },
  Delivered: /*i18n*/ { id: "status.delivered", message: "Delivered" },
  Failed: /*i18n*/ { id: "status.failed", message: "Failed" },
  Withdrawn: /*i18n*/ { id: "status.withdrawn", message: "Withdrawn" },
};

export const CATEGORY_LABELS: Record<RequestCategory, Keyed> = {
  Fashion: /*i18n*/ { id: "category.fashion", message: "Fashion" },
  Autos: /*i18n*/ { id: "category.autos", message: "Autos" },
  "Real Estate": /*i18n*/ { id: "category.real_estate", message: "Real Estate" },
  Experiences: /*i18n*/ { id: "category.experiences", message: "Experiences" },
  Other: /*i18n*/ { id: "category.other", message: "Other" },
};

export const URGENCY_LABELS: Record<Urgency, Keyed> = {
  Low: /*i18n*/ { id: "urgency.low", message: "Low" },
  Medium: /*i18n*/ { id: "urgency.medium", message: "Medium" },
  High: /*i18n*/ { id: "urgency.high", message: "High" },
};
