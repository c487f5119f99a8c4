/**
 * The four sourcing categories of the landing page. The card shows the name and teaser; the dialog adds the
 * description and six details. Kept in one place so the cards (first load) and the dialog (loaded on demand)
 * agree; the details only ship with the dialog. Texts are message descriptors, translated where shown.
 */
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@/client/lib/i18n";
import { CATEGORY_LABELS } from "@/shared/labels";

export type CategoryId = "fashion" | "autos" | "real-estate" | "experiences";

export interface CategorySummary {
  id: CategoryId;
  name: MessageDescriptor;
  teaser: MessageDescriptor;
}

export interface CategoryDetail {
  description: MessageDescriptor;
  details: readonly [
    MessageDescriptor,
    MessageDescriptor,
    MessageDescriptor,
    MessageDescriptor,
    MessageDescriptor,
    MessageDescriptor,
  ];
}

export const CATEGORY_SUMMARIES: readonly CategorySummary[] = [
  {
    id: "fashion",
    name: CATEGORY_LABELS.Fashion,
    teaser: msg`Sold-out collections, rare leather goods, fine watches and archival couture.`,
  },
  {
    id: "autos",
    name: CATEGORY_LABELS.Autos,
    teaser: msg`Allocation-only models and collector cars, inspected and delivered to your door.`,
  },
  {
    id: "real-estate",
    name: CATEGORY_LABELS["Real Estate"],
    teaser: msg`Off-market residences, estates and long stays, searched and vetted for you.`,
  },
  {
    id: "experiences",
    name: CATEGORY_LABELS.Experiences,
    teaser: msg`Tables, seats and access that cannot be booked, arranged from start to finish.`,
  },
];
