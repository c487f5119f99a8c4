import type { CategoryDetail, CategoryId } from "./categories";

/** What each category dialog says: a description and exactly six details. */
export const CATEGORY_DETAILS: Record<CategoryId, CategoryDetail> = {
  fashion: {
    description:
      "The pieces that never reach the shop floor. We work with houses, boutiques and private collectors to find the exact item you have in mind, authenticate it and bring it to you.",
    details: [
      "Sought-after handbags in the precise leather, colour and hardware you ask for",
      "Sold-out and limited runway pieces from the current and previous seasons",
      "Fine watches and jewellery from authorised dealers and private sales",
      "Archival and vintage couture with documented provenance",
      "Made-to-measure and bespoke appointments with European ateliers",
      "Independent authentication and condition report before anything is released",
    ],
  },
  autos: {
    description:
      "From allocation-only supercars to concours-grade classics, we locate the car, verify its history and arrange every step between the seller and your garage.",
    details: [
      "Allocation-only and limited-series models, new or at delivery mileage",
      "Classic and collector cars with matching numbers verified",
      "Pre-purchase inspection by independent marque specialists",
      "Full service history, ownership chain and documents reviewed",
      "Discreet acquisition through private treaty and auction proxy bidding",
      "Enclosed transport, import, customs and registration handled for you",
    ],
  },
  "real-estate": {
    description:
      "The homes worth having rarely appear online. We search off-market through trusted agents and owners, vet what we find and accompany you until the keys are in your hand.",
    details: [
      "Off-market villas, penthouses, farmhouses and country estates",
      "Seasonal and long-stay rentals in the most sought-after addresses",
      "A shortlist with local due diligence and title checks",
      "Private viewings in person or by live video walkthrough",
      "Introductions to trusted lawyers, notaries and tax advisers",
      "Support through negotiation, completion and handover",
    ],
  },
  experiences: {
    description:
      "Reservations, access and moments that cannot be booked through a website, arranged end to end by people who know which doors to knock on.",
    details: [
      "Tables at fully booked restaurants and private chef’s table evenings",
      "Front-row seats and backstage access at fashion weeks and premieres",
      "Private jet and yacht charters with vetted operators",
      "Hospitality at Grand Prix weekends, tennis finals and major sporting events",
      "After-hours visits to museums, vineyards and ateliers",
      "Proposals, milestone celebrations and journeys planned to the last detail",
    ],
  },
};
