import { PlaceholderPage } from "@/client/components/placeholder-page";

export default function Page() {
  return <PlaceholderPage title="Dashboard" />;
}
