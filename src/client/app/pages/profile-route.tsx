/**
 * /profile: the profile feature's page with the billing feature's membership card, the quotes feature's
 * payments (with the billing feature's membership charges in them) and the notifications feature's email switch and push devices in it.
 */

import ProfilePage from "@/client/features/account/pages/profile-page";
import { MembershipCard } from "@/client/features/billing/components/membership-card";
import { MembershipCharges } from "@/client/features/billing/components/membership-charges";
import { EmailNotificationSwitch } from "@/client/features/notifications/components/email-notification-switch";
import { PushDevicesCard } from "@/client/features/notifications/components/push-devices-card";
import { MemberPayments } from "@/client/features/quotes/components/member-payments";
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
