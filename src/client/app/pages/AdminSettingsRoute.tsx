/** /admin/settings: the admin feature's settings page with the notifications feature's channels card in it. */
import AdminSettingsPage from "@/client/features/billing/pages/AdminSettingsPage";
import { NotificationPreferences } from "@/client/features/notifications/components/NotificationPreferences";

export default function AdminSettingsRoute() {
  return <AdminSettingsPage notifications={<NotificationPreferences />} />;
}
