/**
 * /admin/search?q=…&page=…: the staff search the text of every conversation (request threads, the Executive
 * Concierge, sales inquiries). The query and the page are in the URL, so a search can be linked to, reloaded and
 * gone back to. Each result shows where it was written, by whom, and a snippet whose matched words are marked
 * (from the server's parts: the text is never read as markup); it opens the thread at the message.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { AdminPage } from "@/client/components/admin-page";
import { AsyncView, EmptyState, ListSkeleton } from "@/client/components/async-view";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { sharedText } from "@/client/lib/api";
import { cn } from "@/client/lib/utils";
import { SEARCH_PAGE_MAX, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, type SearchSource } from "@/shared/contracts/search";
import { SEARCH_TEXTS } from "@/shared/contracts/search-texts";
import { formatCount, formatMessageTime } from "@/shared/format";
import { hitLink, type SearchHit, searchQueries } from "../api";

const SOURCE_LABELS: Record<SearchSource, MessageDescriptor> = {
  request: msg`Request`,
  concierge: msg`Concierge`,
  sales: msg`Sales`,
};

/** The page in the URL, if it is one the server serves. */
function pageOf(value: string | null): number {
  const page = Number(value ?? "1");
  return Number.isInteger(page) && page >= 1 && page <= SEARCH_PAGE_MAX ? page : 1;
}

export default function AdminSearchPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const q = (params.get("q") ?? "").trim();
  const page = pageOf(params.get("page"));
  const [typed, setTyped] = useState(q);
  const [error, setError] = useState<string | null>(null);

  // Back and forward change the URL: the box follows.
  useEffect(() => setTyped(q), [q]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const next = typed.trim();
    if (next.length < SEARCH_QUERY_MIN) {
      setError(SEARCH_TEXTS.tooShort);
      return;
    }
    setError(null);
    setParams({ q: next });
  }

  return (
    <AdminPage
      documentTitle={q ? t`Search: ${q}` : t`Search`}
      width="5xl"
      eyebrow={t`Messages`}
      title={t`Search`}
      description={t`Message text across request threads, the Executive Concierge and sales inquiries.`}
    >
      <search>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-1.5">
          <label htmlFor="search-q" className="text-sm font-medium">
            {t`Search messages`}
          </label>
          <div className="flex gap-2">
            <Input
              id="search-q"
              type="search"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (error) setError(null);
              }}
              maxLength={SEARCH_QUERY_MAX}
              placeholder={t`A word, “an exact phrase”, -without`}
              autoFocus={!q}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "search-q-error" : "search-q-hint"}
              className="min-w-0 flex-1"
            />
            <Button type="submit">
              <Search /> {t`Search`}
            </Button>
          </div>
          {error ? (
            <p id="search-q-error" role="alert" className="text-sm text-oxblood">
              {sharedText(error)}
            </p>
          ) : (
            <p id="search-q-hint" className="text-xs text-ink-muted">
              {t`Words are matched in any form: “watch” finds “watches”.`}
            </p>
          )}
        </form>
      </search>
      {q.length >= SEARCH_QUERY_MIN ? (
        <Results q={q} page={page} />
      ) : (
        <EmptyState
          title={t`Search every conversation`}
          description={t`Find what a member asked for, or what the team promised, in any thread.`}
        />
      )}
    </AdminPage>
  );
}

function Results({ q, page }: { q: string; page: number }) {
  const { t } = useLingui();
  const query = useQuery(searchQueries.results(q, page));
  return (
    <AsyncView
      query={query}
      loading={<ListSkeleton label={t`Searching`} items={["h-4 w-40", "h-24", "h-24", "h-24", "h-24"]} />}
      errorFallback={t`Search failed`}
      isEmpty={(data) => data.total === 0}
      empty={
        <EmptyState title={t`No messages found`} description={t`Nothing matches “${q}”. Try fewer or other words.`} />
      }
    >
      {(data) => {
        const pages = Math.min(Math.ceil(data.total / data.pageSize), SEARCH_PAGE_MAX);
        const total = formatCount(data.total);
        return (
          <section
            aria-labelledby="search-count"
            className={cn("flex flex-col gap-4", query.isPlaceholderData && "opacity-60")}
          >
            <p id="search-count" aria-live="polite" className="text-sm text-ink-muted">
              {plural(data.total, { one: `${total} message matches “${q}”`, other: `${total} messages match “${q}”` })}
            </p>
            {data.items.length ? (
              <ol aria-label={t`Search results`} className="flex flex-col gap-3">
                {data.items.map((hit) => (
                  <HitRow key={`${hit.source}-${hit.id}`} hit={hit} />
                ))}
              </ol>
            ) : (
              <p className="text-sm text-ink-muted">{t`This page is past the last result.`}</p>
            )}
            {pages > 1 && <Pagination q={q} page={page} pages={pages} />}
          </section>
        );
      }}
    </AsyncView>
  );
}

function HitRow({ hit }: { hit: SearchHit }) {
  const { t, i18n } = useLingui();
  const where = hit.source === "concierge" ? t`Executive Concierge` : (hit.title ?? "");
  return (
    <li>
      <Link
        to={hitLink(hit)}
        className="block rounded-lg border border-stone bg-card px-5 py-4 transition-colors hover:border-gold/60 hover:bg-ivory-deep/40"
      >
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <Badge variant={hit.source === "request" ? "outline" : hit.source === "sales" ? "muted" : "gold"}>
            {i18n._(SOURCE_LABELS[hit.source])}
          </Badge>
          {hit.note && <Badge variant="gold">{t`Internal note`}</Badge>}
          <span className="min-w-0 font-medium break-words">{where}</span>
        </span>
        <span className="mt-1 block text-xs text-ink-muted">
          {hit.note
            ? t`A note about ${hit.member.name}`
            : hit.fromStaff
              ? t`The team to ${hit.member.name}`
              : hit.member.name}{" "}
          ·{" "}
          <time dateTime={String(hit.createdAt)} className="tabular">
            {formatMessageTime(hit.createdAt)}
          </time>
        </span>
        <span className="mt-2.5 block text-sm leading-relaxed break-words text-noir">
          {hit.snippet.map((part, index) =>
            part.hit ? (
              <mark key={index} className="rounded-[2px] bg-gold-light/60 px-0.5 text-noir">
                {part.text}
              </mark>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </span>
      </Link>
    </li>
  );
}

function Pagination({ q, page, pages }: { q: string; page: number; pages: number }) {
  const { t } = useLingui();
  const to = (n: number) => `?${new URLSearchParams(n > 1 ? { q, page: String(n) } : { q })}`;
  return (
    <nav aria-label={t`Result pages`} className="flex items-center justify-between gap-3 border-t border-stone pt-4">
      {page > 1 ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={to(page - 1)}>
            <ChevronLeft /> {t`Previous`}
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <p className="tabular text-sm text-ink-muted">{t`Page ${page} of ${pages}`}</p>
      {page < pages ? (
        <Button variant="outline" size="sm" asChild>
          <Link to={to(page + 1)}>
            {t`Next`} <ChevronRight />
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}
