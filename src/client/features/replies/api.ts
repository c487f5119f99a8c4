/**
 * Saved replies, the staff's shared list (issue 22, item 3): the list, its changes, and the list as a snippet
 * source for any composer (`useSavedReplySnippets`, composed into the staff pages in app/). Query keys are
 * defined once, in `repliesQueries`; types come from src/shared/contracts/replies.ts.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { SnippetSource } from "@/client/components/snippet-picker";
import { endpointsOf } from "@/client/lib/endpoints";
import type { Wire } from "@/shared/contracts/common";
import type { repliesAdminApi, SavedReplyInput, savedReplySchema } from "@/shared/contracts/replies";
import { fillPlaceholders, replyMatches } from "@/shared/replies";

const replies = endpointsOf<typeof repliesAdminApi>("replies");

export type SavedReply = Wire<typeof savedReplySchema>;

export const REPLIES_PATH = "/admin/replies";

export const repliesQueries = {
  all: replies.all,
  /** Every saved reply, by title. */
  list: () => replies.query("GET /admin/replies"),
};

/** A staff member added, changed or deleted a saved reply: every staff page refetches the list. */
export const repliesRealtime = {
  replies: [repliesQueries.all],
};

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: repliesQueries.all });
}

export function useSaveReply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SavedReplyInput }) =>
      id
        ? replies.call("PUT /admin/replies/:id", { params: { id }, body })
        : replies.call("POST /admin/replies", { body }),
    onSettled: invalidate,
  });
}

export function useDeleteReply() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => replies.call("DELETE /admin/replies/:id", { params: { id } }),
    onSettled: invalidate,
  });
}

/** The saved replies as a composer's snippets, placeholders filled for the conversation at hand. */
export function useSavedReplySnippets(): SnippetSource {
  const query = useQuery(repliesQueries.list());
  const items = query.data?.items;
  const isError = query.isError;
  return useMemo(
    () => ({
      items,
      isError,
      matches: replyMatches,
      textFor: (snippet, context) => fillPlaceholders(snippet.text, context),
      manageHref: REPLIES_PATH,
    }),
    [items, isError],
  );
}
