/**
 * /admin/settings: the admin feature's settings page with the notifications feature's channels card and push
 * devices, and the requests feature's assignment setting in it.
 */
import AdminSettingsPage from "@/client/features/billing/pages/admin-settings-page";
import { NotificationPreferences } from "@/client/features/notifications/components/notification-preferences";
import { PushDevicesCard } from "@/client/features/notifications/components/push-devices-card";
import { RoundRobinCard } from "@/client/features/requests/components/admin-round-robin";

export default function AdminSettingsRoute() {
  return (
    <AdminSettingsPage
      notifications={
        <div className="flex flex-col gap-8">
          <NotificationPreferences />
          <PushDevicesCard audience="staff" />
        </div>
      }
      assignment={<RoundRobinCard />}
    />
  );
}
