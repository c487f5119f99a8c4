/** /profile: the profile feature's page with the billing feature's membership card in it. */
import { MembershipCard } from "@/client/features/billing/components/MembershipCard";
import ProfilePage from "@/client/features/profile/pages/ProfilePage";

export default function ProfileRoute() {
  return <ProfilePage membership={<MembershipCard />} />;
}
