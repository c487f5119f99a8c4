/**
 * The four sourcing categories of the landing page. The card shows the name and teaser; the dialog adds the
 * description and six details. Kept in one place so the cards (first load) and the dialog (loaded on demand)
 * agree; the details only ship with the dialog.
 */
export type CategoryId = "fashion" | "autos" | "real-estate" | "experiences";

export interface CategorySummary {
  id: CategoryId;
  name: string;
  teaser: string;
}

export interface CategoryDetail {
  description: string;
  details: readonly [string, string, string, string, string, string];
}

export const CATEGORY_SUMMARIES: readonly CategorySummary[] = [
  {
    id: "fashion",
    name: "Fashion",
    teaser: "Sold-out collections, rare leather goods, fine watches and archival couture.",
  },
  {
    id: "autos",
    name: "Autos",
    teaser: "Allocation-only models and collector cars, inspected and delivered to your door.",
  },
  {
    id: "real-estate",
    name: "Real Estate",
    teaser: "Off-market residences, estates and long stays, searched and vetted for you.",
  },
  {
    id: "experiences",
    name: "Experiences",
    teaser: "Tables, seats and access that cannot be booked, arranged from start to finish.",
  },
];
