import { msg } from "@lingui/core/macro";
import type { CategoryDetail, CategoryId } from "./categories";

/** What each category dialog says: a description and exactly six details. */
export const CATEGORY_DETAILS: Record<CategoryId, CategoryDetail> = {
  fashion: {
    description: msg`The pieces that never reach the shop floor. We work with houses, boutiques and private collectors to find the exact item you have in mind, authenticate it and bring it to you.`,
    details: [
      msg`Sought-after handbags in the precise leather, colour and hardware you ask for`,
      msg`Sold-out and limited runway pieces from the current and previous seasons`,
      msg`Fine watches and jewellery from authorised dealers and private sales`,
      msg`Archival and vintage couture with documented provenance`,
      msg`Made-to-measure and bespoke appointments with European ateliers`,
      msg`Independent authentication and condition report before anything is released`,
    ],
  },
  autos: {
    description: msg`From allocation-only supercars to concours-grade classics, we locate the car, verify its history and arrange every step between the seller and your garage.`,
    details: [
      msg`Allocation-only and limited-series models, new or at delivery mileage`,
      msg`Classic and collector cars with matching numbers verified`,
      msg`Pre-purchase inspection by independent marque specialists`,
      msg`Full service history, ownership chain and documents reviewed`,
      msg`Discreet acquisition through private treaty and auction proxy bidding`,
      msg`Enclosed transport, import, customs and registration handled for you`,
    ],
  },
  "real-estate": {
    description: msg`The homes worth having rarely appear online. We search off-market through trusted agents and owners, vet what we find and accompany you until the keys are in your hand.`,
    details: [
      msg`Off-market villas, penthouses, farmhouses and country estates`,
      msg`Seasonal and long-stay rentals in the most sought-after addresses`,
      msg`A shortlist with local due diligence and title checks`,
      msg`Private viewings in person or by live video walkthrough`,
      msg`Introductions to trusted lawyers, notaries and tax advisers`,
      msg`Support through negotiation, completion and handover`,
    ],
  },
  experiences: {
    description: msg`Reservations, access and moments that cannot be booked through a website, arranged end to end by people who know which doors to knock on.`,
    details: [
      msg`Tables at fully booked restaurants and private chef’s table evenings`,
      msg`Front-row seats and backstage access at fashion weeks and premieres`,
      msg`Private jet and yacht charters with vetted operators`,
      msg`Hospitality at Grand Prix weekends, tennis finals and major sporting events`,
      msg`After-hours visits to museums, vineyards and ateliers`,
      msg`Proposals, milestone celebrations and journeys planned to the last detail`,
    ],
  },
};
