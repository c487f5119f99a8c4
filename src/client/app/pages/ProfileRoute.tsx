/**
 * /profile: the profile feature's page with the billing feature's membership card, the quotes feature's
 * payments and the notifications feature's email switch and push devices in it.
 */

import ProfilePage from "@/client/features/account/pages/ProfilePage";
import { MembershipCard } from "@/client/features/billing/components/MembershipCard";
import { EmailNotificationSwitch } from "@/client/features/notifications/components/EmailNotificationSwitch";
import { PushDevicesCard } from "@/client/features/notifications/components/PushDevicesCard";
import { MemberPayments } from "@/client/features/quotes/components/MemberPayments";
import { LanguageChoice } from "../layout/language-choice";

export default function ProfileRoute() {
  return (
    <ProfilePage
      membership={<MembershipCard />}
      payments={<MemberPayments />}
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
