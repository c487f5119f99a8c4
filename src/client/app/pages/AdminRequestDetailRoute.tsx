/** /admin/requests/:id: the requests feature's detail page, its reply box given the replies feature's snippets. */

import { useSavedReplySnippets } from "@/client/features/replies/api";
import AdminRequestDetailPage from "@/client/features/requests/pages/AdminRequestDetailPage";

export default function AdminRequestDetailRoute() {
  return <AdminRequestDetailPage snippets={useSavedReplySnippets()} />;
}
