/**
 * /profile: the profile feature's page with the billing feature's membership card, the quotes feature's
 * payments (with the billing feature's membership charges in them) and the notifications feature's email switch and push devices in it.
 */

import ProfilePage from "@/client/features/account/pages/ProfilePage";
import { MembershipCard } from "@/client/features/billing/components/MembershipCard";
import { MembershipCharges } from "@/client/features/billing/components/MembershipCharges";
import { EmailNotificationSwitch } from "@/client/features/notifications/components/EmailNotificationSwitch";
import { PushDevicesCard } from "@/client/features/notifications/components/PushDevicesCard";
import { MemberPayments } from "@/client/features/quotes/components/MemberPayments";
import { LanguageChoice } from "../layout/language-choice";

export default function ProfileRoute() {
  return (
    <ProfilePage
      membership={<MembershipCard />}
      payments={<MemberPayments membership={<MembershipCharges />} />}
      notifications={
        <>
          <EmailNotificationSwitch />
          <PushDevicesCard audience="member" />
        </>
      }
      language={<LanguageChoice showLabel />}
    />
  );
}
