/**
 * /admin/settings: the admin feature's settings page with the notifications feature's channels card and the
 * requests feature's assignment setting in it.
 */
import AdminSettingsPage from "@/client/features/billing/pages/AdminSettingsPage";
import { NotificationPreferences } from "@/client/features/notifications/components/NotificationPreferences";
import { RoundRobinCard } from "@/client/features/requests/components/admin-round-robin";

export default function AdminSettingsRoute() {
  return <AdminSettingsPage notifications={<NotificationPreferences />} assignment={<RoundRobinCard />} />;
}
