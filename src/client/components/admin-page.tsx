/**
 * An admin screen: the document's title (the page's title unless told otherwise), the centred column of the page's
 * width (the admin layout pads every page, so no padding of its own) and its dense `PageHeader`, then the content.
 */
import type * as React from "react";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { PageHeader } from "./page-header";

const WIDTHS = { "4xl": "max-w-4xl", "5xl": "max-w-5xl", "7xl": "max-w-7xl" } as const;

export function AdminPage({
  width,
  spacious = false,
  eyebrow,
  title,
  documentTitle = title,
  description,
  actions,
  children,
}: {
  width: keyof typeof WIDTHS;
  /** Wider gaps between the page's sections (cards and charts rather than a list). */
  spacious?: boolean;
  eyebrow: React.ReactNode;
  title: string;
  /** The browser tab's title, where it says more than the heading ("Admin Settings" for "Settings"). */
  documentTitle?: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  useDocumentTitle(documentTitle);
  return (
    <div className={`mx-auto flex ${WIDTHS[width]} flex-col ${spacious ? "gap-8" : "gap-6"}`}>
      <PageHeader dense eyebrow={eyebrow} title={title} description={description} actions={actions} />
      {children}
    </div>
  );
}
